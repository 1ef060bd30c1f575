import { BATCH_WINDOW_MS, BatchedLineStream } from './batched-line-stream';

const afterWindow = () => new Promise((resolve) => setTimeout(resolve, BATCH_WINDOW_MS + 5));

describe('BatchedLineStream', () => {
  it('hands the lines of one window to its target in one write, in order, once the window is over', async () => {
    const writes: string[] = [];
    const stream = new BatchedLineStream({ write: (text) => writes.push(text) });
    stream.write('{"n":1}\n');
    stream.write('{"n":2}\n');
    await new Promise((resolve) => setImmediate(resolve));
    stream.write('{"n":3}\n');
    expect(writes).toEqual([]);
    await afterWindow();
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n']);
  });

  it('writes the lines of later windows as later batches', async () => {
    const writes: string[] = [];
    const stream = new BatchedLineStream({ write: (text) => writes.push(text) });
    stream.write('a\n');
    await afterWindow();
    stream.write('b\n');
    stream.write('c\n');
    await afterWindow();
    await afterWindow();
    expect(writes).toEqual(['a\n', 'b\nc\n']);
  });

  it('writes at once when a window has gathered a lot, without waiting for its end', () => {
    const writes: string[] = [];
    const stream = new BatchedLineStream({ write: (text) => writes.push(text) });
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 64; i++) stream.write(line);
    expect(writes).toEqual([line.repeat(64)]);
    stream.flushNow();
    expect(writes).toHaveLength(1);
  });

  it('writes what is pending at once on flush, then calls back (pino logger.flush), and leaves no timer behind', async () => {
    const writes: string[] = [];
    const stream = new BatchedLineStream({ write: (text) => writes.push(text) });
    stream.write('a\n');
    const done = jest.fn();
    stream.flush(done);
    expect(writes).toEqual(['a\n']);
    expect(done).toHaveBeenCalledTimes(1);
    await afterWindow();
    expect(writes).toEqual(['a\n']);
  });

  it('makes no empty writes', async () => {
    const write = jest.fn();
    const stream = new BatchedLineStream({ write });
    stream.flush();
    stream.write('a\n');
    stream.flushNow();
    await afterWindow();
    expect(write.mock.calls).toEqual([['a\n']]);
  });
});
