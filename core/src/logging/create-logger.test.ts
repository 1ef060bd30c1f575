import pino from 'pino';
import { createLogger } from './create-logger';

describe('createLogger', () => {
  it('writes stdout synchronously, so no log line goes through the thread pool', () => {
    const logger = createLogger('info') as unknown as Record<symbol, { sync: boolean; fd: number }>;
    const stream = logger[pino.symbols.streamSym];
    expect(stream.fd).toBe(1);
    expect(stream.sync).toBe(true);
  });

  it('censors credential fields of header maps', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });
    logger.info({ headers: { authorization: 'Bearer sk-secret', 'x-api-key': 'sk-secret', accept: '*/*' } }, 'request');
    expect(lines[0]).not.toContain('sk-secret');
    expect(JSON.parse(lines[0]).headers).toEqual({ authorization: '[redacted]', 'x-api-key': '[redacted]', accept: '*/*' });
  });
});
