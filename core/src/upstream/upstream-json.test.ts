import type { Target } from '../contracts/call-context';
import { Call } from '../pipeline/call';
import { Cancellation } from '../contracts/cancellation';
import { Attempt } from '../pipeline/attempt';
import type { UpstreamResponse } from '../contracts/upstream-request';
import { parseStreamEvent, readUpstreamJson } from './upstream-json';

/** How every provider reads a whole JSON answer and a stream event's payload. */
describe('upstream JSON', () => {
  const call = new Call('r', 'style', 'chat', 'ep', { messages: [], stream: false, streamUsage: false, extra: {} }, {}, new Cancellation());
  const target = { key: 'acct/m', connectionName: 'acct', connection: { settings: { options: {}, headers: {} } }, model: 'm' } as unknown as Target;
  const attempt = new Attempt(call, target, 0, {} as never, () => undefined);
  afterAll(() => attempt.dispose());

  const response = (text: () => Promise<string>) => ({ status: 200, headers: {}, body: { text } }) as unknown as UpstreamResponse;

  it('parses a JSON body', async () => {
    await expect(readUpstreamJson(response(async () => '{"ok":true}'), attempt)).resolves.toEqual({ ok: true });
  });

  it('a body that is not JSON is a retryable upstream_invalid_response naming the connection', async () => {
    await expect(readUpstreamJson(response(async () => '<html>bad gateway</html>'), attempt)).rejects.toMatchObject({
      code: 'upstream_invalid_response',
      retryable: true,
      message: 'Provider "acct" returned a body that is not JSON.',
    });
  });

  it('a body cut in transit is a transport error', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    await expect(readUpstreamJson(response(async () => Promise.reject(reset)), attempt)).rejects.toMatchObject({ code: 'upstream_unreachable', retryable: true });
  });

  it('takes a body that has all arrived without waiting for it', async () => {
    const text = jest.fn(async () => '{"late":true}');
    const body = { text, textIfComplete: () => '{"ok":true}' };
    await expect(readUpstreamJson({ status: 200, headers: {}, body } as unknown as UpstreamResponse, attempt)).resolves.toEqual({ ok: true });
    expect(text).not.toHaveBeenCalled();
    const partial = { text, textIfComplete: () => undefined };
    await expect(readUpstreamJson({ status: 200, headers: {}, body: partial } as unknown as UpstreamResponse, attempt)).resolves.toEqual({ late: true });
  });

  it('a stream event must be JSON', () => {
    expect(parseStreamEvent('{"a":1}', 'acct')).toEqual({ a: 1 });
    expect(() => parseStreamEvent('not json', 'acct')).toThrow('Provider "acct" sent a stream event that is not JSON.');
  });
});
