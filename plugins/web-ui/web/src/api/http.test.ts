import { announceSignIn, ApiError, apiRequest, onUnauthorized, setAdminToken } from './http';

/**
 * The admin API's 401 asks for the token instead of failing the page: the call waits for the
 * sign-in and goes again with the token; the sign-in's own check, and a data-plane 401, fail
 * at once. Run in node with the browser's sessionStorage, window and fetch stood in.
 */

const TOKEN = 'admin-token-for-http-unit-test';
const calls: Array<{ path: string; authorization?: string }> = [];
let store: Map<string, string>;

beforeEach(() => {
  calls.length = 0;
  store = new Map();
  Object.assign(globalThis, {
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
    window: { dispatchEvent: () => true },
    fetch: async (path: string, init: { headers: Record<string, string> }) => {
      calls.push({ path, authorization: init.headers.authorization });
      const ok = init.headers.authorization === `Bearer ${TOKEN}`;
      return new Response(ok ? '{"data":[]}' : '{"error":{"message":"admin token required","code":"unauthorized"}}', { status: ok ? 200 : 401 });
    },
  });
});

/** Whether a promise has settled by the time the pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(() => (done = true), () => (done = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('apiRequest on a 401 from the admin API', () => {
  it('asks for the token, waits for the sign-in, then answers with the token sent', async () => {
    let asked = 0;
    const stop = onUnauthorized(() => asked++);
    const answer = apiRequest<{ data: unknown[] }>('GET', '/api/endpoints');
    expect(await settled(answer)).toBe(false);
    expect(asked).toBe(1);
    setAdminToken(TOKEN);
    announceSignIn();
    await expect(answer).resolves.toEqual({ data: [] });
    expect(calls.map((call) => call.authorization)).toEqual([undefined, `Bearer ${TOKEN}`]);
    stop();
  });

  it('fails at once for the sign-in check itself (a refused token is its answer)', async () => {
    setAdminToken('wrong');
    await expect(apiRequest('GET', '/api/endpoints', undefined, { awaitSignIn: false })).rejects.toEqual(new ApiError(401, 'admin token required', 'unauthorized'));
  });

  it('fails at once for a data-plane 401, which is about a gateway key, not the admin token', async () => {
    await expect(apiRequest('GET', '/gateway/native/v1/models')).rejects.toBeInstanceOf(ApiError);
  });
});
