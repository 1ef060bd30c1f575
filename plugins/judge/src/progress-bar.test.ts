import { Writable } from 'node:stream';
import { ProgressBar } from './progress-bar';

function stream(isTTY: boolean): Writable & { isTTY: boolean; text: string } {
  const out = new Writable({
    write(chunk, _encoding, done) {
      out.text += String(chunk);
      done();
    },
  }) as Writable & { isTTY: boolean; text: string };
  out.isTTY = isTTY;
  out.text = '';
  return out;
}

describe('ProgressBar', () => {
  it('redraws one line on a terminal and clears it at the end', () => {
    const tty = stream(true);
    const bar = new ProgressBar(tty, 4);
    bar.update(1, 0);
    bar.update(4, 1);
    bar.finish();
    expect(tty.text).toContain('\r judging [########......................] 1/4');
    expect(tty.text).toContain('4/4 (1 failed)');
    expect(tty.text.endsWith('\r')).toBe(true);
  });

  it('writes nothing when stderr is not a terminal', () => {
    const piped = stream(false);
    const bar = new ProgressBar(piped, 4);
    bar.update(2, 0);
    bar.finish();
    expect(piped.text).toBe('');
  });
});
