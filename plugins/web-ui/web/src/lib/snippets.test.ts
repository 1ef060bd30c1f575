import { gatewayKeyHeaders } from './gateway-key';
import { GATEWAY_KEY_PLACEHOLDER, usageExamples, type Language } from './snippets';

/** The package a newcomer installs for each module a snippet imports (Python modules by dotted name). */
const PACKAGE_OF: Record<'python' | 'javascript', Record<string, string>> = {
  python: { requests: 'requests', openai: 'openai', anthropic: 'anthropic', mlflow: 'mlflow', 'google.genai': 'google-genai', litellm: 'litellm' },
  javascript: { openai: 'openai', '@anthropic-ai/sdk': '@anthropic-ai/sdk', '@google/genai': '@google/genai' },
};
const INSTALLER: Record<'python' | 'javascript', string> = { python: 'pip install', javascript: 'npm install' };

/** The modules a Python snippet imports: `import a.b` gives a.b; `from a import b` gives a.b when that is a known module, else a. */
function pythonImports(code: string): string[] {
  return [...code.matchAll(/^(?:import ([\w.]+)|from ([\w.]+) import (\w+))/gm)].map(([, plain, from, name]) => plain ?? (PACKAGE_OF.python[`${from}.${name}`] ? `${from}.${name}` : from));
}

/** The modules a JavaScript snippet imports (static imports; `node:` built-ins need nothing). */
function javascriptImports(code: string): string[] {
  return [...code.matchAll(/^import [^'"]*['"]([^'"]+)['"]/gm)].map(([, module]) => module).filter((module) => !module.startsWith('node:'));
}

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

  it('gives each Python and JavaScript snippet an install line naming exactly the packages it imports (none for fetch or cURL)', () => {
    const all = [false, true].flatMap((requireKeys) => [...usageExamples({ name: 'e', kind: 'chat' }, 'http://x', { requireKeys }), ...usageExamples({ name: 'v', kind: 'embeddings' }, 'http://x', { requireKeys })]);
    let checked = 0;
    for (const example of all) {
      expect(example.install.curl).toBeUndefined();
      for (const language of ['python', 'javascript'] as const satisfies Language[]) {
        const imports = language === 'python' ? pythonImports(example.code.python) : javascriptImports(example.code.javascript);
        const needed = [...new Set(imports.map((module) => PACKAGE_OF[language][module] ?? `unknown module ${module}`))].sort();
        const line = example.install[language];
        const named = line === undefined ? [] : line.split(/\s+/).slice(INSTALLER[language].split(' ').length).sort();
        if (line !== undefined) expect(line.startsWith(`${INSTALLER[language]} `)).toBe(true);
        expect({ example: example.id, language, named }).toEqual({ example: example.id, language, named: needed });
        checked += imports.length;
      }
    }
    // The parsers found the imports (an empty parse would pass the comparison above vacuously).
    expect(checked).toBeGreaterThan(30);
    const native = all.find((e) => e.id === 'native')!;
    expect(native.code.python).toMatch(/^import requests$/m);
    expect(native.install).toEqual({ python: 'pip install requests' });
    expect(all.find((e) => e.id === 'gemini-generate')!.install).toEqual({ python: 'pip install google-genai', javascript: 'npm install @google/genai' });
  });
});
