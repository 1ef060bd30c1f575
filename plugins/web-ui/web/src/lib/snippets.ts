import type { EndpointKind } from '../api/types';

/**
 * The usage examples of one endpoint: each route a client can call it on, with the
 * request in cURL, Python and JavaScript. Every snippet runs as written (the browser
 * tests run them against a gateway): the SDKs get the gateway's address as their base
 * URL and a placeholder key, since the gateway holds the provider's credentials. When the
 * gateway requires keys, the placeholder is `<GATEWAY_KEY>`, in each SDK's own key
 * parameter (and in the header that SDK sends it in, for cURL and plain HTTP). Each
 * example names the packages its code imports, so its install line is all it needs.
 */

export type Language = 'curl' | 'python' | 'javascript';

export const LANGUAGES: ReadonlyArray<{ id: Language; label: string }> = [
  { id: 'curl', label: 'cURL' },
  { id: 'python', label: 'Python' },
  { id: 'javascript', label: 'JavaScript' },
];

/** Where an API's clients send their key, so where a gateway key goes on that route. */
export type KeyHeader = 'authorization' | 'x-api-key' | 'x-goog-api-key';

/** What the examples show in place of a gateway key, when the gateway requires one. */
export const GATEWAY_KEY_PLACEHOLDER = '<GATEWAY_KEY>';

export interface UsageExample {
  id: string;
  group: 'unified' | 'passthrough';
  title: string;
  description: string;
  /** Path and query under the gateway's address. */
  path: string;
  headers: Record<string, string>;
  /** The header a gateway key travels in on this route (`Authorization: Bearer ...` or the key alone). */
  keyHeader: KeyHeader;
  body: Record<string, unknown>;
  /** Answered as a server-sent event stream. */
  stream: boolean;
  code: Record<Language, string>;
  /** The command that installs what `code[language]` imports; absent when it imports nothing (cURL, Node's built-in fetch). */
  install: Partial<Record<Language, string>>;
}

/** The package each language's SDK is installed as, by what its code imports. */
const PACKAGES = {
  requests: { python: 'requests' },
  openai: { python: 'openai', javascript: 'openai' },
  anthropic: { python: 'anthropic', javascript: '@anthropic-ai/sdk' },
  gemini: { python: 'google-genai', javascript: '@google/genai' },
} as const;
type Sdk = keyof typeof PACKAGES;

const PROMPT = 'Hello!';
/** What the SDKs are given when the gateway takes no key: they insist on one, and the gateway ignores it. */
const UNUSED_KEY = 'unused';
const OPEN_NOTE = "Any key will do: the gateway holds the provider's credentials.";
const KEY_NOTE = `Replace ${GATEWAY_KEY_PLACEHOLDER} with a gateway key (Keys page); the gateway holds the provider's credentials.`;
const HEADER_NAMES: Record<KeyHeader, string> = { authorization: 'Authorization', 'x-api-key': 'x-api-key', 'x-goog-api-key': 'x-goog-api-key' };

export function usageExamples(endpoint: { name: string; kind: EndpointKind }, baseUrl: string, options: { requireKeys?: boolean } = {}): UsageExample[] {
  const at = new Examples(endpoint.name, baseUrl.replace(/\/+$/, ''), options.requireKeys ?? false);
  return endpoint.kind === 'embeddings'
    ? [at.nativeEmbeddings(), at.openAiEmbeddings('unified'), at.openAiEmbeddings('passthrough'), at.geminiEmbed()]
    : [at.nativeChat(), at.openAiChat('unified'), at.openAiChat('passthrough'), at.openAiResponses(), at.anthropicMessages(), at.geminiGenerate(), at.geminiStream()];
}

class Examples {
  private readonly key: string;
  private readonly notePy: string;
  private readonly noteJs: string;

  constructor(
    private readonly name: string,
    private readonly base: string,
    private readonly keys: boolean,
  ) {
    this.key = keys ? GATEWAY_KEY_PLACEHOLDER : UNUSED_KEY;
    this.notePy = `# ${keys ? KEY_NOTE : OPEN_NOTE}`;
    this.noteJs = `// ${keys ? KEY_NOTE : OPEN_NOTE}`;
  }

  nativeChat(): UsageExample {
    const path = `/gateway/${this.name}/native/invocations`;
    const body = { messages: [{ role: 'user', content: PROMPT }] };
    return this.example('native', 'unified', 'Native invocations', 'The gateway\'s own route: the endpoint is in the path, the body is an OpenAI chat request without `model`.', path, body, {
      sdk: 'requests',
      python: requestsPost(this.url(path), this.bearer(), `{"messages": [{"role": "user", "content": ${py(PROMPT)}}]}`, 'print(response.json()["choices"][0]["message"]["content"])'),
      javascript: fetchPost(this.url(path), this.bearer(), `{ messages: [{ role: 'user', content: ${js(PROMPT)} }] }`, 'console.log(data.choices[0].message.content);'),
    });
  }

  nativeEmbeddings(): UsageExample {
    const path = `/gateway/${this.name}/native/invocations`;
    const body = { input: [PROMPT] };
    return this.example('native', 'unified', 'Native invocations', 'The gateway\'s own route: the endpoint is in the path, the body is an OpenAI embeddings request without `model`.', path, body, {
      sdk: 'requests',
      python: requestsPost(this.url(path), this.bearer(), `{"input": [${py(PROMPT)}]}`, 'print(len(response.json()["data"][0]["embedding"]), "dimensions")'),
      javascript: fetchPost(this.url(path), this.bearer(), `{ input: [${js(PROMPT)}] }`, "console.log(data.data[0].embedding.length, 'dimensions');"),
    });
  }

  openAiChat(group: 'unified' | 'passthrough'): UsageExample {
    const prefix = group === 'unified' ? '/gateway/native/v1' : '/gateway/openai/v1';
    const path = `${prefix}/chat/completions`;
    const body = { model: this.name, messages: [{ role: 'user', content: PROMPT }] };
    const [id, title, description] =
      group === 'unified'
        ? ['openai-compatible', 'OpenAI-compatible chat', 'Chat Completions on the unified route, with the official OpenAI SDK; `model` is the endpoint name.']
        : ['openai-chat', 'OpenAI Chat Completions', "OpenAI's own format: relayed to OpenAI-format providers, translated for the others."];
    return this.example(id, group, title, description, path, body, {
      sdk: 'openai',
      python: [
        'from openai import OpenAI',
        '',
        this.notePy,
        `client = OpenAI(base_url=${py(this.url(prefix))}, api_key=${py(this.key)})`,
        'completion = client.chat.completions.create(',
        `    model=${py(this.name)},`,
        `    messages=[{"role": "user", "content": ${py(PROMPT)}}],`,
        ')',
        'print(completion.choices[0].message.content)',
      ].join('\n'),
      javascript: [
        "import OpenAI from 'openai';",
        '',
        this.noteJs,
        `const client = new OpenAI({ baseURL: ${js(this.url(prefix))}, apiKey: ${js(this.key)} });`,
        'const completion = await client.chat.completions.create({',
        `  model: ${js(this.name)},`,
        `  messages: [{ role: 'user', content: ${js(PROMPT)} }],`,
        '});',
        'console.log(completion.choices[0].message.content);',
      ].join('\n'),
    });
  }

  openAiEmbeddings(group: 'unified' | 'passthrough'): UsageExample {
    const prefix = group === 'unified' ? '/gateway/native/v1' : '/gateway/openai/v1';
    const path = `${prefix}/embeddings`;
    const body = { model: this.name, input: PROMPT };
    const [id, title, description] =
      group === 'unified'
        ? ['openai-compatible', 'OpenAI-compatible embeddings', 'Embeddings on the unified route, with the official OpenAI SDK; `model` is the endpoint name.']
        : ['openai-embeddings', 'OpenAI Embeddings', "OpenAI's own format: relayed to OpenAI-format providers, translated for the others."];
    return this.example(id, group, title, description, path, body, {
      sdk: 'openai',
      python: [
        'from openai import OpenAI',
        '',
        this.notePy,
        `client = OpenAI(base_url=${py(this.url(prefix))}, api_key=${py(this.key)})`,
        `result = client.embeddings.create(model=${py(this.name)}, input=${py(PROMPT)})`,
        'print(len(result.data[0].embedding), "dimensions")',
      ].join('\n'),
      javascript: [
        "import OpenAI from 'openai';",
        '',
        this.noteJs,
        `const client = new OpenAI({ baseURL: ${js(this.url(prefix))}, apiKey: ${js(this.key)} });`,
        `const result = await client.embeddings.create({ model: ${js(this.name)}, input: ${js(PROMPT)} });`,
        "console.log(result.data[0].embedding.length, 'dimensions');",
      ].join('\n'),
    });
  }

  openAiResponses(): UsageExample {
    const path = '/gateway/openai/v1/responses';
    const body = { model: this.name, input: PROMPT };
    return this.example('openai-responses', 'passthrough', 'OpenAI Responses', "OpenAI's Responses API, with the official OpenAI SDK.", path, body, {
      sdk: 'openai',
      python: [
        'from openai import OpenAI',
        '',
        this.notePy,
        `client = OpenAI(base_url=${py(this.url('/gateway/openai/v1'))}, api_key=${py(this.key)})`,
        `response = client.responses.create(model=${py(this.name)}, input=${py(PROMPT)})`,
        'print(response.output_text)',
      ].join('\n'),
      javascript: [
        "import OpenAI from 'openai';",
        '',
        this.noteJs,
        `const client = new OpenAI({ baseURL: ${js(this.url('/gateway/openai/v1'))}, apiKey: ${js(this.key)} });`,
        `const response = await client.responses.create({ model: ${js(this.name)}, input: ${js(PROMPT)} });`,
        'console.log(response.output_text);',
      ].join('\n'),
    });
  }

  anthropicMessages(): UsageExample {
    const path = '/gateway/anthropic/v1/messages';
    const body = { model: this.name, max_tokens: 256, messages: [{ role: 'user', content: PROMPT }] };
    return this.example('anthropic-messages', 'passthrough', 'Anthropic Messages', "Anthropic's Messages API, with the official Anthropic SDK.", path, body, {
      sdk: 'anthropic',
      headers: { 'anthropic-version': '2023-06-01' },
      keyHeader: 'x-api-key',
      python: [
        'import anthropic',
        '',
        this.notePy,
        `client = anthropic.Anthropic(base_url=${py(this.url('/gateway/anthropic'))}, api_key=${py(this.key)})`,
        'message = client.messages.create(',
        `    model=${py(this.name)},`,
        '    max_tokens=256,',
        `    messages=[{"role": "user", "content": ${py(PROMPT)}}],`,
        ')',
        'print(message.content[0].text)',
      ].join('\n'),
      javascript: [
        "import Anthropic from '@anthropic-ai/sdk';",
        '',
        this.noteJs,
        `const client = new Anthropic({ baseURL: ${js(this.url('/gateway/anthropic'))}, apiKey: ${js(this.key)} });`,
        'const message = await client.messages.create({',
        `  model: ${js(this.name)},`,
        '  max_tokens: 256,',
        `  messages: [{ role: 'user', content: ${js(PROMPT)} }],`,
        '});',
        'console.log(message.content[0].text);',
      ].join('\n'),
    });
  }

  geminiGenerate(): UsageExample {
    const path = `/gateway/gemini/v1beta/models/${this.name}:generateContent`;
    const body = { contents: [{ role: 'user', parts: [{ text: PROMPT }] }] };
    return this.example('gemini-generate', 'passthrough', 'Gemini generateContent', "Google's Gemini API, with the official Google Gen AI SDK; the endpoint name is the model.", path, body, {
      sdk: 'gemini',
      keyHeader: 'x-goog-api-key',
      python: [...geminiPythonClient(this.url('/gateway/gemini'), this.key, this.notePy), `response = client.models.generate_content(model=${py(this.name)}, contents=${py(PROMPT)})`, 'print(response.text)'].join('\n'),
      javascript: [...geminiJsClient(this.url('/gateway/gemini'), this.key, this.noteJs), `const response = await ai.models.generateContent({ model: ${js(this.name)}, contents: ${js(PROMPT)} });`, 'console.log(response.text);'].join('\n'),
    });
  }

  geminiStream(): UsageExample {
    const path = `/gateway/gemini/v1beta/models/${this.name}:streamGenerateContent?alt=sse`;
    const body = { contents: [{ role: 'user', parts: [{ text: PROMPT }] }] };
    return this.example('gemini-stream', 'passthrough', 'Gemini streamGenerateContent', 'The same, streamed: text arrives as server-sent events.', path, body, {
      sdk: 'gemini',
      stream: true,
      keyHeader: 'x-goog-api-key',
      python: [
        ...geminiPythonClient(this.url('/gateway/gemini'), this.key, this.notePy),
        `for chunk in client.models.generate_content_stream(model=${py(this.name)}, contents=${py(PROMPT)}):`,
        '    print(chunk.text or "", end="", flush=True)',
        'print()',
      ].join('\n'),
      javascript: [
        ...geminiJsClient(this.url('/gateway/gemini'), this.key, this.noteJs),
        `const stream = await ai.models.generateContentStream({ model: ${js(this.name)}, contents: ${js(PROMPT)} });`,
        "for await (const chunk of stream) process.stdout.write(chunk.text ?? '');",
        "process.stdout.write('\\n');",
      ].join('\n'),
    });
  }

  geminiEmbed(): UsageExample {
    const path = `/gateway/gemini/v1beta/models/${this.name}:embedContent`;
    const body = { content: { parts: [{ text: PROMPT }] } };
    return this.example('gemini-embed', 'passthrough', 'Gemini embedContent', "Google's Gemini API, with the official Google Gen AI SDK; the endpoint name is the model.", path, body, {
      sdk: 'gemini',
      keyHeader: 'x-goog-api-key',
      python: [...geminiPythonClient(this.url('/gateway/gemini'), this.key, this.notePy), `result = client.models.embed_content(model=${py(this.name)}, contents=${py(PROMPT)})`, 'print(len(result.embeddings[0].values), "dimensions")'].join('\n'),
      javascript: [...geminiJsClient(this.url('/gateway/gemini'), this.key, this.noteJs), `const result = await ai.models.embedContent({ model: ${js(this.name)}, contents: ${js(PROMPT)} });`, "console.log(result.embeddings[0].values.length, 'dimensions');"].join('\n'),
    });
  }

  private url(path: string): string {
    return `${this.base}${path}`;
  }

  /** The key a plain HTTP example sends, when the gateway requires one. */
  private bearer(): PlainKey | undefined {
    return this.keys ? { value: this.key, note: { py: this.notePy, js: this.noteJs } } : undefined;
  }

  private example(
    id: string,
    group: UsageExample['group'],
    title: string,
    description: string,
    path: string,
    body: Record<string, unknown>,
    code: { python: string; javascript: string; sdk: Sdk; headers?: Record<string, string>; stream?: boolean; keyHeader?: KeyHeader },
  ): UsageExample {
    const headers = { 'content-type': 'application/json', ...code.headers };
    const keyHeader = code.keyHeader ?? 'authorization';
    const curlHeaders = this.keys ? { ...headers, [HEADER_NAMES[keyHeader]]: keyHeader === 'authorization' ? `Bearer ${this.key}` : this.key } : headers;
    const stream = code.stream ?? false;
    const packages: Partial<Record<Language, string>> = PACKAGES[code.sdk];
    const install = {
      ...(packages.python ? { python: `pip install ${packages.python}` } : {}),
      ...(packages.javascript ? { javascript: `npm install ${packages.javascript}` } : {}),
    };
    return { id, group, title, description, path, headers, keyHeader, body, stream, code: { curl: curl(this.url(path), curlHeaders, body, stream), python: code.python, javascript: code.javascript }, install };
  }
}

function curl(url: string, headers: Record<string, string>, body: unknown, stream: boolean): string {
  const lines = [`curl ${stream ? '-sN' : '-s'} ${sh(url)}`, ...Object.entries(headers).map(([name, value]) => `  -H ${sh(`${name}: ${value}`)}`), `  -d ${sh(JSON.stringify(body))}`];
  return lines.join(' \\\n');
}

/** A plain HTTP call sends a gateway key itself, as a Bearer header (`note` says where it goes). */
interface PlainKey {
  value: string;
  note: { py: string; js: string };
}

function requestsPost(url: string, key: PlainKey | undefined, body: string, print: string): string {
  const head = key ? [key.note.py, 'response = requests.post(', `    ${py(url)},`, `    headers={"Authorization": ${py(`Bearer ${key.value}`)}},`] : ['response = requests.post(', `    ${py(url)},`];
  return ['import requests', '', ...head, `    json=${body},`, '    timeout=60,', ')', 'response.raise_for_status()', print].join('\n');
}

function fetchPost(url: string, key: PlainKey | undefined, body: string, print: string): string {
  return [
    ...(key ? [key.note.js] : []),
    `const response = await fetch(${js(url)}, {`,
    "  method: 'POST',",
    key ? `  headers: { 'content-type': 'application/json', authorization: ${js(`Bearer ${key.value}`)} },` : "  headers: { 'content-type': 'application/json' },",
    `  body: JSON.stringify(${body}),`,
    '});',
    'if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);',
    'const data = await response.json();',
    print,
  ].join('\n');
}

function geminiPythonClient(baseUrl: string, key: string, note: string): string[] {
  return ['from google import genai', 'from google.genai import types', '', note, `client = genai.Client(api_key=${py(key)}, http_options=types.HttpOptions(base_url=${py(baseUrl)}))`];
}

function geminiJsClient(baseUrl: string, key: string, note: string): string[] {
  return ["import { GoogleGenAI } from '@google/genai';", '', note, `const ai = new GoogleGenAI({ apiKey: ${js(key)}, httpOptions: { baseUrl: ${js(baseUrl)} } });`];
}

/** A Python string literal (JSON's escapes are Python's). */
function py(text: string): string {
  return JSON.stringify(text);
}

/** A JavaScript string literal in single quotes. */
function js(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** A POSIX shell word in single quotes. */
function sh(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
