import { execFile } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { createLogger } from './create-logger';
import { BatchedLineStream } from './batched-line-stream';

const BUILT_LOGGER = path.resolve(__dirname, '../../dist/logging/create-logger.js');

/** Runs `script` in a fresh node process with `createLogger` in scope; resolves with its stdout lines. */
function runLogging(script: string): Promise<{ code: number | null; lines: string[] }> {
  const program = `const { createLogger } = require(${JSON.stringify(BUILT_LOGGER)});\n${script}`;
  return new Promise((resolve) => {
    execFile(process.execPath, ['-e', program], { timeout: 10_000 }, (error, stdout) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, lines: stdout.split('\n').filter(Boolean) });
    });
  });
}

const messages = (lines: string[]) => lines.map((line) => JSON.parse(line).msg);

describe('createLogger', () => {
  it('writes stdout synchronously, a few milliseconds of lines at a time, so no log line goes through the thread pool', () => {
    const logger = createLogger('info') as unknown as Record<symbol, unknown>;
    const stream = logger[pino.symbols.streamSym];
    expect(stream).toBeInstanceOf(BatchedLineStream);
    // The sonic-boom writer it batches into.
    const { target } = stream as { target: { fd: number; sync: boolean } };
    expect(target.fd).toBe(1);
    expect(target.sync).toBe(true);
  });

  it('shares one stdout stream between loggers, so their lines keep their order', () => {
    const streamOf = (logger: unknown) => (logger as Record<symbol, unknown>)[pino.symbols.streamSym];
    expect(streamOf(createLogger('info'))).toBe(streamOf(createLogger('debug')));
  });

  it('writes the lines still pending when the process exits', async () => {
    const { code, lines } = await runLogging("const log = createLogger('info'); log.info('one'); log.info('two'); process.exit(3);");
    expect(code).toBe(3);
    expect(messages(lines)).toEqual(['one', 'two']);
  });

  it('writes the lines still pending when an uncaught exception ends the process', async () => {
    const { code, lines } = await runLogging("const log = createLogger('info'); log.info('before the crash'); throw new Error('boom');");
    expect(code).toBe(1);
    expect(messages(lines)).toEqual(['before the crash']);
  });

  it('censors credential fields of header maps', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(line) }, ['x-acme-key']);
    logger.info({ headers: { authorization: 'Bearer sk-secret', 'x-acme-key': 'sk-secret', accept: '*/*' } }, 'request');
    expect(lines[0]).not.toContain('sk-secret');
    expect(JSON.parse(lines[0]).headers).toEqual({ authorization: '[redacted]', 'x-acme-key': '[redacted]', accept: '*/*' });
  });
});
