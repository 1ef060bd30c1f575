import { EventEmitter } from 'node:events';
import type { FromWorker, ToWorker } from './export-messages';
import { SpanHandOff, type ExportThread } from './span-hand-off';
import type { WireSpan } from './span-wire';

/** A worker that records what it is sent and answers only when the test says so. */
class FakeThread extends EventEmitter implements ExportThread {
  readonly sent: ToWorker[] = [];
  terminated = false;
  postMessage(message: ToWorker): void {
    this.sent.push(message);
  }
  answer(message: FromWorker): void {
    this.emit('message', message);
  }
  async terminate(): Promise<number> {
    this.terminated = true;
    return 0;
  }
  spansSent(): number {
    return this.sent.reduce((n, m) => n + (m.type === 'spans' ? m.spans.length : 0), 0);
  }
}

const span = (): WireSpan => ['chat m', 2, '0af7651916cd43dd8448eb211c80319c', 'b7ad6b7169203331', 1, '', '', -1, 1, 0, 1, 5, 0, '@model-gateway/tracing'];

function setup(options: Partial<{ batch: number; maxPending: number }> = {}) {
  const thread = new FakeThread();
  const lines: string[] = [];
  const log = { warn: (_d: Record<string, unknown>, m: string) => lines.push(m), info: () => undefined };
  const processor = new SpanHandOff(thread, { batch: options.batch ?? 3, delayMs: 60_000, maxPending: options.maxPending ?? 100 }, () => log);
  return { thread, processor, lines };
}

describe('SpanHandOff', () => {
  it('hands ended spans over a batch per message', () => {
    const { thread, processor } = setup({ batch: 3 });
    for (let i = 0; i < 7; i++) processor.add(span());
    expect(thread.sent.map((m) => (m.type === 'spans' ? m.spans.length : m.type))).toEqual([3, 3]);
  });

  it('a flush hands over the rest and waits for the worker to say its export is done', async () => {
    const { thread, processor } = setup({ batch: 10 });
    processor.add(span());
    let flushed = false;
    const flush = processor.forceFlush().then(() => (flushed = true));
    expect(thread.spansSent()).toBe(1);
    const ask = thread.sent.find((m) => m.type === 'flush') as { id: number };
    await Promise.resolve();
    expect(flushed).toBe(false);
    thread.answer({ type: 'done', id: ask.id });
    await flush;
    expect(flushed).toBe(true);
  });

  it('drops spans past maxPending while the worker has not queued what it was sent, and logs it once', () => {
    const { thread, processor, lines } = setup({ batch: 2, maxPending: 4 });
    for (let i = 0; i < 10; i++) processor.add(span());
    expect(thread.spansSent()).toBe(4);
    expect(lines).toEqual(['tracing: spans dropped (the export worker is behind)']);
    thread.answer({ type: 'accepted', count: 4 });
    processor.add(span());
    processor.add(span());
    expect(thread.spansSent()).toBe(6);
  });

  it('passes the worker\'s log lines on to the gateway\'s log', () => {
    const { thread, lines } = setup();
    thread.answer({ type: 'log', level: 'warn', detail: {}, message: 'tracing: spans could not be exported' });
    expect(lines).toEqual(['tracing: spans could not be exported']);
  });

  it('a worker that dies releases whoever waits for a flush, logs it and takes no more spans', async () => {
    const { thread, processor, lines } = setup({ batch: 1 });
    const flush = processor.forceFlush();
    thread.emit('error', new Error('boom'));
    await flush;
    expect(lines).toEqual(['tracing: the span export worker failed: boom']);
    const before = thread.sent.length;
    processor.add(span());
    expect(thread.sent.length).toBe(before);
  });

  it('shutdown flushes, tells the worker to stop, then ends the thread', async () => {
    const { thread, processor } = setup({ batch: 10 });
    processor.add(span());
    const stopping = processor.shutdown();
    expect(thread.spansSent()).toBe(1);
    const ask = thread.sent.find((m) => m.type === 'shutdown') as { id: number };
    thread.answer({ type: 'done', id: ask.id });
    await stopping;
    expect(thread.terminated).toBe(true);
  });
});
