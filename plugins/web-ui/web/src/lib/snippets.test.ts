import { gatewayKeyHeaders } from './gateway-key';
import { GATEWAY_KEY_PLACEHOLDER, usageExamples } from './snippets';

describe('usageExamples', () => {
  it('gives a chat endpoint seven routes and an embeddings endpoint four, each in three languages, at the given address', () => {
    const chat = usageExamples({ name: 'smart', kind: 'chat' }, 'https://llm.example.com/');
    expect(chat.map((e) => [e.group, e.path])).toEqual([
      ['unified', '/gateway/smart/native/invocations'],
      ['unified', '/gateway/native/v1/chat/completions'],
      ['passthrough', '/gateway/openai/v1/chat/completions'],
      ['passthrough', '/gateway/openai/v1/responses'],
      ['passthrough', '/gateway/anthropic/v1/messages'],
      ['passthrough', '/gateway/gemini/v1beta/models/smart:generateContent'],
      ['passthrough', '/gateway/gemini/v1beta/models/smart:streamGenerateContent?alt=sse'],
    ]);
    for (const example of chat) {
      expect(example.code.curl).toContain(`'https://llm.example.com${example.path}'`);
      expect(example.code.python).not.toContain('llm.example.com//');
      expect(example.code.javascript).not.toContain('llm.example.com//');
    }
    const embed = usageExamples({ name: 'vec', kind: 'embeddings' }, 'http://127.0.0.1:8080');
    expect(embed.map((e) => e.path)).toEqual(['/gateway/vec/native/invocations', '/gateway/native/v1/embeddings', '/gateway/openai/v1/embeddings', '/gateway/gemini/v1beta/models/vec:embedContent']);
  });

  it("quotes the address for each language, so an odd public_url cannot break out of the string", () => {
    const [native] = usageExamples({ name: 'e', kind: 'chat' }, "https://proxy.example.com/it's");
    expect(native.code.curl).toContain(`curl -s 'https://proxy.example.com/it'\\''s/gateway/e/native/invocations'`);
    expect(native.code.javascript).toContain(`fetch('https://proxy.example.com/it\\'s/gateway/e/native/invocations'`);
    expect(native.code.python).toContain(`"https://proxy.example.com/it's/gateway/e/native/invocations"`);
  });

  it('uses no provider key anywhere: the SDKs get a placeholder', () => {
    const code = usageExamples({ name: 'e', kind: 'chat' }, 'http://x').flatMap((e) => Object.values(e.code)).join('\n');
    expect(code).not.toMatch(/sk-|AIza|api[_-]?key\s*[:=]\s*["'](?!unused)/i);
  });

  it('puts <GATEWAY_KEY> in each SDK\'s own key parameter, and in the header that SDK sends, when the gateway requires keys', () => {
    const chat = usageExamples({ name: 'e', kind: 'chat' }, 'http://x', { requireKeys: true });
    const byId = Object.fromEntries(chat.map((e) => [e.id, e]));
    expect(chat.map((e) => [e.id, e.keyHeader])).toEqual([
      ['native', 'authorization'],
      ['openai-compatible', 'authorization'],
      ['openai-chat', 'authorization'],
      ['openai-responses', 'authorization'],
      ['anthropic-messages', 'x-api-key'],
      ['gemini-generate', 'x-goog-api-key'],
      ['gemini-stream', 'x-goog-api-key'],
    ]);
    expect(byId.native.code.curl).toContain(`-H 'Authorization: Bearer ${GATEWAY_KEY_PLACEHOLDER}'`);
    expect(byId.native.code.python).toContain(`headers={"Authorization": "Bearer ${GATEWAY_KEY_PLACEHOLDER}"}`);
    expect(byId.native.code.javascript).toContain(`authorization: 'Bearer ${GATEWAY_KEY_PLACEHOLDER}'`);
    expect(byId['openai-compatible'].code.python).toContain(`api_key="${GATEWAY_KEY_PLACEHOLDER}"`);
    expect(byId['openai-compatible'].code.javascript).toContain(`apiKey: '${GATEWAY_KEY_PLACEHOLDER}'`);
    expect(byId['anthropic-messages'].code.curl).toContain(`-H 'x-api-key: ${GATEWAY_KEY_PLACEHOLDER}'`);
    expect(byId['anthropic-messages'].code.python).toContain(`api_key="${GATEWAY_KEY_PLACEHOLDER}"`);
    expect(byId['gemini-stream'].code.curl).toContain(`-H 'x-goog-api-key: ${GATEWAY_KEY_PLACEHOLDER}'`);
    expect(byId['gemini-generate'].code.javascript).toContain(`apiKey: '${GATEWAY_KEY_PLACEHOLDER}'`);
    for (const example of chat) for (const code of Object.values(example.code)) expect(code).toContain(GATEWAY_KEY_PLACEHOLDER);
    // Without keys, no placeholder and no key header.
    const open = usageExamples({ name: 'e', kind: 'chat' }, 'http://x');
    expect(open.flatMap((e) => Object.values(e.code)).join('\n')).not.toContain(GATEWAY_KEY_PLACEHOLDER);
    expect(open[0].code.curl).not.toMatch(/authorization/i);
  });

  it('sends a pasted key only to the gateway\'s own routes, in the route\'s header', () => {
    const chat = usageExamples({ name: 'e', kind: 'chat' }, 'http://x');
    const key = 'mgw-abc';
    expect(gatewayKeyHeaders(chat[0], key)).toEqual({ authorization: 'Bearer mgw-abc' });
    expect(gatewayKeyHeaders(chat[4], key)).toEqual({ 'x-api-key': 'mgw-abc' });
    expect(gatewayKeyHeaders(chat[5], key)).toEqual({ 'x-goog-api-key': 'mgw-abc' });
    expect(gatewayKeyHeaders(chat[0], '  ')).toEqual({});
    expect(gatewayKeyHeaders({ path: '/api/keys', keyHeader: 'authorization' }, key)).toEqual({});
    expect(gatewayKeyHeaders({ path: 'https://elsewhere.example/gateway/x', keyHeader: 'authorization' }, key)).toEqual({});
  });
});
