import { generateKeyPairSync } from 'node:crypto';
import { GatewayError } from '@model-gateway/core';
import { AccessTokenSource, type FormPoster } from './access-token-source';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const account = { clientEmail: 'sa@p.iam.gserviceaccount.com', privateKey, tokenUri: 'https://oauth2.example.test/token' };
const signal = () => new AbortController().signal;

function setup(answers: Array<{ status: number; body: unknown } | Error>, tokenUrl?: string) {
  let now = 1_700_000_000_000;
  const calls: Array<{ url: string; body: URLSearchParams }> = [];
  const post: FormPoster = async (url, body) => {
    calls.push({ url, body: new URLSearchParams(body) });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const answer = answers.shift() ?? { status: 500, body: {} };
    if (answer instanceof Error) throw answer;
    return { status: answer.status, text: JSON.stringify(answer.body) };
  };
  const source = new AccessTokenSource({ connection: 'vx', account: () => account, tokenUrl, now: () => now, post });
  return { source, calls, advance: (ms: number) => (now += ms) };
}

const token = (value: string, expires = 3599) => ({ status: 200, body: { access_token: value, expires_in: expires, token_type: 'Bearer' } });

describe('AccessTokenSource', () => {
  it('trades a JWT bearer assertion for a token at the key\'s token_uri and keeps it', async () => {
    const { source, calls } = setup([token('ya29.one')]);
    expect(await source.get(signal())).toBe('ya29.one');
    expect(await source.get(signal())).toBe('ya29.one');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(account.tokenUri);
    expect(calls[0].body.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(calls[0].body.get('assertion')?.split('.')).toHaveLength(3);
  });

  it('sends to token_url when one is configured', async () => {
    const { source, calls } = setup([token('t')], 'http://127.0.0.1:9/token');
    await source.get(signal());
    expect(calls[0].url).toBe('http://127.0.0.1:9/token');
  });

  it('makes one request for concurrent callers', async () => {
    const { source, calls } = setup([token('ya29.shared')]);
    const tokens = await Promise.all([source.get(signal()), source.get(signal()), source.get(signal())]);
    expect(tokens).toEqual(['ya29.shared', 'ya29.shared', 'ya29.shared']);
    expect(calls).toHaveLength(1);
  });

  it('refreshes five minutes before expiry, and half-way through a short lifetime', async () => {
    const { source, calls, advance } = setup([token('a'), token('b', 120), token('c')]);
    expect(await source.get(signal())).toBe('a');
    advance(3599_000 - 300_001);
    expect(await source.get(signal())).toBe('a');
    advance(2);
    expect(await source.get(signal())).toBe('b');
    advance(59_000);
    expect(await source.get(signal())).toBe('b');
    advance(1_001);
    expect(await source.get(signal())).toBe('c');
    expect(calls).toHaveLength(3);
  });

  it('keeps using a still-valid token when its refresh fails, and fails once it has expired', async () => {
    const { source, advance } = setup([token('old'), { status: 503, body: {} }, { status: 503, body: {} }]);
    await source.get(signal());
    advance(3400_000);
    expect(await source.get(signal())).toBe('old');
    advance(300_000);
    await expect(source.get(signal())).rejects.toMatchObject({ code: 'upstream_error', retryable: true });
  });

  it('maps a refused grant to provider_auth_error with Google\'s reason, and an unreachable endpoint to upstream_unreachable', async () => {
    const refused = setup([{ status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } }]);
    const error = (await refused.source.get(signal()).catch((e: unknown) => e)) as GatewayError;
    expect(error).toMatchObject({ code: 'provider_auth_error', status: 502 });
    expect(error.message).toBe('Provider "vx" could not get an access token for its service account (HTTP 400): invalid_grant: Invalid JWT Signature.');
    const down = setup([new Error('ECONNREFUSED')]);
    await expect(down.source.get(signal())).rejects.toMatchObject({ code: 'upstream_unreachable', retryable: true });
    const junk = setup([{ status: 200, body: { token_type: 'Bearer' } }]);
    await expect(junk.source.get(signal())).rejects.toMatchObject({ code: 'upstream_invalid_response' });
  });

  it('lets an aborted caller go without cancelling the shared refresh', async () => {
    const { source, calls } = setup([token('t')]);
    const controller = new AbortController();
    const abandoned = source.get(controller.signal);
    controller.abort(new GatewayError('client_closed_request', 'gone'));
    await expect(abandoned).rejects.toMatchObject({ code: 'client_closed_request' });
    expect(await source.get(signal())).toBe('t');
    expect(calls).toHaveLength(1);
  });

  it('reports an unusable key as provider_credentials_missing', async () => {
    const source = new AccessTokenSource({ connection: 'vx', account: () => { throw new Error('the service account key is not valid JSON'); } });
    await expect(source.get(signal())).rejects.toMatchObject({ code: 'provider_credentials_missing', status: 503, message: 'Provider "vx" has no usable service account key: the service account key is not valid JSON.' });
  });
});

describe('AccessTokenSource over HTTP, under an egress policy', () => {
  let server: import('node:http').Server;
  let url: string;
  let hits = 0;

  beforeAll(async () => {
    const http = await import('node:http');
    server = http.createServer((req, res) => {
      hits++;
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'ya29.local', expires_in: 3600 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}/token`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const keyFor = (tokenUri: string) => () => ({ ...account, tokenUri });

  it('posts the form to the token URL when the policy allows its address', async () => {
    const source = new AccessTokenSource({ connection: 'vx', account: keyFor(url), tokenUrl: url, egress: { allowPrivate: true } });
    expect(await source.get(signal())).toBe('ya29.local');
  });

  it('refuses a token URL on a loopback address (from the key or token_url) when private addresses are not allowed, sending nothing', async () => {
    hits = 0;
    for (const tokenUrl of [url, url.replace('127.0.0.1', 'localhost')]) {
      const source = new AccessTokenSource({ connection: 'vx', account: keyFor(tokenUrl), tokenUrl, egress: { allowPrivate: false } });
      await expect(source.get(signal())).rejects.toMatchObject({ code: 'upstream_address_refused', cause: { code: 'EGRESS_DENIED' } });
    }
    const metadata = new AccessTokenSource({ connection: 'vx', account: keyFor('http://169.254.169.254/token'), egress: { allowPrivate: true } });
    await expect(metadata.get(signal())).rejects.toMatchObject({ code: 'upstream_address_refused' });
    expect(hits).toBe(0);
  });

  it('under an egress policy, sends the assertion only to the token endpoint its audience names, never to another token_url', async () => {
    hits = 0;
    const elsewhere = new AccessTokenSource({ connection: 'vx', account: keyFor('https://oauth2.googleapis.com/token'), tokenUrl: url, egress: { allowPrivate: true } });
    await expect(elsewhere.get(signal())).rejects.toMatchObject({ code: 'upstream_address_refused', message: expect.stringContaining("the key's token_uri") });
    expect(hits).toBe(0);
    // Without a policy (a connection from the operator's YAML), an override is the operator's choice.
    const fromYaml = new AccessTokenSource({ connection: 'vx', account: keyFor('https://oauth2.googleapis.com/token'), tokenUrl: url });
    expect(await fromYaml.get(signal())).toBe('ya29.local');
    expect(hits).toBe(1);
  });
});
