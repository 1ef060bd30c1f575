import { BASE_RELAYED_RESPONSE_HEADERS, ResponseHeaderAllowList, responseHeaderAllowLists } from './response-header-allow-list';

const KEY = 'sk-live-abcdef123456';
const scrub = (text: string) => text.split(KEY).join('[redacted]');

describe('relayed response header allow-list', () => {
  const list = new ResponseHeaderAllowList([...BASE_RELAYED_RESPONSE_HEADERS, 'X-Request-Id', 'x-ratelimit-*']);

  it('keeps the base, exact names (any case declared) and prefixed names, and nothing else', () => {
    const upstream = {
      'content-type': 'application/json', 'content-length': '10', 'retry-after': '3', 'x-request-id': 'req-1',
      'x-ratelimit-remaining-tokens': '99', 'set-cookie': ['a=b'], 'x-upstream-key': KEY, 'x-google-backends': 'internal', server: 'scaffolding',
      connection: 'keep-alive', 'transfer-encoding': 'chunked',
    };
    expect(list.pick(upstream, scrub)).toEqual({
      'content-type': 'application/json', 'content-length': '10', 'retry-after': '3', 'x-request-id': 'req-1', 'x-ratelimit-remaining-tokens': '99',
    });
  });

  it('scrubs secrets from the values it keeps, arrays included', () => {
    expect(list.pick({ 'x-request-id': `id-${KEY}`, 'x-ratelimit-a': [KEY, 'ok'] }, scrub)).toEqual({ 'x-request-id': 'id-[redacted]', 'x-ratelimit-a': ['[redacted]', 'ok'] });
  });

  it("builds one list per style: the base plus the style's own; a style that declares none gets the base", () => {
    const lists = responseHeaderAllowLists([{ name: 'a', relayedResponseHeaders: ['request-id'] }, { name: 'b' }]);
    expect(lists.get('a')?.allows('request-id')).toBe(true);
    expect(lists.get('a')?.allows('content-type')).toBe(true);
    expect(lists.get('b')?.allows('request-id')).toBe(false);
    expect(lists.get('b')?.allows('retry-after')).toBe(true);
  });
});
