import { TurnBatchedStream } from './turn-batched-stream';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatchedStream', () => {
  it('hands the lines of one event-loop turn to its target in one write, in order', async () => {
    const writes: string[] = [];
    const stream = new TurnBatchedStream({ write: (text) => writes.push(text) });
    stream.write('{"n":1}\n');
    stream.write('{"n":2}\n');
    stream.write('{"n":3}\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n']);
  });

  it('writes the lines of later turns as later batches', async () => {
    const writes: string[] = [];
    const stream = new TurnBatchedStream({ write: (text) => writes.push(text) });
    stream.write('a\n');
    await nextTurn();
    stream.write('b\n');
    stream.write('c\n');
    await nextTurn();
    await nextTurn();
    expect(writes).toEqual(['a\n', 'b\nc\n']);
  });

  it('writes what is pending at once on flush, then calls back (pino logger.flush)', () => {
    const writes: string[] = [];
    const stream = new TurnBatchedStream({ write: (text) => writes.push(text) });
    stream.write('a\n');
    const done = jest.fn();
    stream.flush(done);
    expect(writes).toEqual(['a\n']);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('makes no empty writes', async () => {
    const write = jest.fn();
    const stream = new TurnBatchedStream({ write });
    stream.flush();
    stream.write('a\n');
    stream.flushNow();
    await nextTurn();
    expect(write.mock.calls).toEqual([['a\n']]);
  });
});
