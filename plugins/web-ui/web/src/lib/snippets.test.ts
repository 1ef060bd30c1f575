import { usageExamples } from './snippets';

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
});
