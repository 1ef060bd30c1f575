const WIDTH = 30;

/** A one-line progress bar redrawn in place; only for a terminal, so piped output stays clean. */
export class ProgressBar {
  private drawn = false;

  constructor(private readonly stream: NodeJS.WritableStream & { isTTY?: boolean }, private readonly total: number) {}

  get enabled(): boolean {
    return this.stream.isTTY === true && this.total > 0;
  }

  update(done: number, failed: number): void {
    if (!this.enabled) return;
    const filled = Math.round((done / this.total) * WIDTH);
    this.stream.write(`\r judging [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${this.total}${failed ? ` (${failed} failed)` : ''}`);
    this.drawn = true;
  }

  /** Clears the line, so what follows starts at column 0. */
  finish(): void {
    if (this.drawn) this.stream.write(`\r${' '.repeat(WIDTH + 40)}\r`);
  }
}
