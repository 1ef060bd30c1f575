import { Secret } from '../secrets/secret';
import type { Target } from '../contracts/call-context';
import { Attempt } from './attempt';
import { Call } from './call';
import { Cancellation } from '../contracts/cancellation';

/** What an attempt removes from provider text before it can reach a client or a log. */
describe('Attempt.scrub', () => {
  function attemptWith(apiKey: string | undefined, options: Record<string, unknown>, headers: Record<string, string> = {}): Attempt {
    const call = new Call('r', 'style', 'chat', 'ep', { messages: [], stream: false, streamUsage: false, extra: {} }, {}, new Cancellation());
    const target = {
      key: 'c/m',
      connectionName: 'c',
      connection: { settings: { name: 'c', type: 't', baseUrl: 'http://x', apiKey: apiKey ? new Secret(apiKey) : undefined, headers, options } },
      model: 'm',
      timeouts: { connectMs: 1, firstByteMs: 1, idleMs: 1, totalMs: 1 },
      role: 'split',
      weight: 1,
    } as unknown as Target;
    return new Attempt(call, target, 0, {} as never, () => undefined);
  }

  it('removes the api key and every secret option, longest first', () => {
    const attempt = attemptWith('sk-live-1234', { secret_access_key: new Secret('wJalrXUtnFEMI'), session_token: new Secret('wJalrXUtnFEMI-and-more'), region: 'eu-west-1' });
    const text = 'key sk-live-1234, secret wJalrXUtnFEMI, token wJalrXUtnFEMI-and-more, region eu-west-1';
    expect(attempt.scrub(text)).toBe('key [redacted], secret [redacted], token [redacted], region eu-west-1');
    attempt.dispose();
  });

  it('removes custom header values, which are credentials in practice', () => {
    const attempt = attemptWith(undefined, {}, { 'x-custom-auth': 'hdr-secret-5678' });
    expect(attempt.scrub('{"error": "bad x-custom-auth \\u0068dr-secret-5678"}')).toBe('{"error":"bad x-custom-auth [redacted]"}');
    attempt.dispose();
  });

  it('leaves text alone when the connection holds no secret', () => {
    const attempt = attemptWith(undefined, { region: 'x' });
    expect(attempt.scrub('nothing to hide')).toBe('nothing to hide');
    attempt.dispose();
  });
});

/** How an attempt learns that it must stop, and what it hands the transport. */
describe('Attempt cancellation', () => {
  function newAttempt(totalMs: number, sent: unknown[] = []) {
    const client = new Cancellation();
    const call = new Call('r', 'style', 'chat', 'ep', { messages: [], stream: false, streamUsage: false, extra: {} }, {}, client);
    const target = {
      key: 'c/m',
      connectionName: 'c',
      connection: { settings: { name: 'c', type: 't', baseUrl: 'http://x', headers: {}, options: {} } },
      model: 'm',
      timeouts: { connectMs: 1000, firstByteMs: 1000, idleMs: 1000, totalMs },
      role: 'split',
      weight: 1,
    } as unknown as Target;
    const upstream = { send: async (_request: unknown, options: { cancellation: unknown }) => (sent.push(options.cancellation), { status: 200, headers: {}, body: {} }) };
    return { client, attempt: new Attempt(call, target, 0, upstream as never, () => undefined) };
  }

  it('follows the client leaving, and stops following once disposed', () => {
    const first = newAttempt(60_000);
    first.client.cancel('client gone');
    expect(first.attempt.cancellation.aborted).toBe(true);
    expect(first.attempt.signal.reason).toBe('client gone');

    const second = newAttempt(60_000);
    second.attempt.dispose();
    second.client.cancel('late');
    expect(second.attempt.cancellation.aborted).toBe(false);
    expect(second.client.listenerCount()).toBe(0);
  });

  it('gives the transport its Cancellation, not an AbortSignal', async () => {
    const sent: unknown[] = [];
    const { attempt } = newAttempt(60_000, sent);
    await attempt.send({ method: 'POST', url: 'http://x/v1', headers: {} });
    expect(sent).toEqual([attempt.cancellation]);
    attempt.dispose();
  });

  it('is cancelled by the total timer with upstream_timeout', async () => {
    const { attempt } = newAttempt(5);
    attempt.startTotalTimer();
    await new Promise((resolve) => attempt.cancellation.onCancel(() => resolve(undefined)));
    expect((attempt.cancellation.reason as { code?: string }).code).toBe('upstream_timeout');
    attempt.dispose();
  });
});
