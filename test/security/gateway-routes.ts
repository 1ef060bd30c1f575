/** The endpoints the security tests configure, one per provider format, all at the hostile upstream. */
export function gatewayConfig(upstreamUrl: string, key: string, endpointExtras = ''): string {
  return `
providers:
  oa: { type: openai, base_url: "${upstreamUrl}/v1", api_key: "${key}" }
  an: { type: anthropic, base_url: "${upstreamUrl}", api_key: "${key}" }
  ge: { type: gemini, base_url: "${upstreamUrl}", api_key: "${key}" }
endpoints:
  - { name: oa-ep, kind: chat, provider: oa, model: m${endpointExtras} }
  - { name: an-ep, kind: chat, provider: an, model: claude-x${endpointExtras} }
  - { name: ge-ep, kind: chat, provider: ge, model: gemini-x${endpointExtras} }
`;
}

export type RouteKind = 'unified' | 'translated' | 'relayed';

export interface GatewayRoute {
  name: string;
  kind: RouteKind;
  path(stream: boolean): string;
  body(stream: boolean): unknown;
}

const messages = [{ role: 'user', content: 'hi' }];

const unifiedChat = (endpoint: string): GatewayRoute => ({
  name: `unified chat completions -> ${endpoint}`,
  kind: 'unified',
  path: () => '/gateway/native/v1/chat/completions',
  body: (stream) => ({ model: endpoint, messages, stream }),
});

const invocations = (endpoint: string): GatewayRoute => ({
  name: `native invocations -> ${endpoint}`,
  kind: 'unified',
  path: () => `/gateway/${endpoint}/native/invocations`,
  body: (stream) => ({ messages, stream }),
});

const openAiRoute = (endpoint: string, kind: RouteKind): GatewayRoute => ({
  name: `OpenAI route -> ${endpoint} (${kind})`,
  kind,
  path: () => '/gateway/openai/v1/chat/completions',
  body: (stream) => ({ model: endpoint, messages, stream }),
});

const anthropicRoute = (endpoint: string, kind: RouteKind): GatewayRoute => ({
  name: `Anthropic route -> ${endpoint} (${kind})`,
  kind,
  path: () => '/gateway/anthropic/v1/messages',
  body: (stream) => ({ model: endpoint, max_tokens: 16, messages, stream }),
});

const geminiRoute = (endpoint: string, kind: RouteKind): GatewayRoute => ({
  name: `Gemini route -> ${endpoint} (${kind})`,
  kind,
  path: (stream) => `/gateway/gemini/v1beta/models/${endpoint}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
  body: () => ({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
});

/** Every way in: the unified routes to each provider, translated routes across formats, and each relayed route. */
export const ROUTES: readonly GatewayRoute[] = [
  unifiedChat('oa-ep'),
  unifiedChat('an-ep'),
  unifiedChat('ge-ep'),
  invocations('oa-ep'),
  invocations('an-ep'),
  invocations('ge-ep'),
  anthropicRoute('oa-ep', 'translated'),
  openAiRoute('an-ep', 'translated'),
  geminiRoute('an-ep', 'translated'),
  openAiRoute('ge-ep', 'translated'),
  openAiRoute('oa-ep', 'relayed'),
  anthropicRoute('an-ep', 'relayed'),
  geminiRoute('ge-ep', 'relayed'),
];

/** Gemini's stream without `alt=sse`, answered as one JSON array written element by element (not in ROUTES: its answer is no event stream). */
export const GEMINI_JSON_ARRAY_ROUTE: GatewayRoute = {
  name: 'Gemini route -> ge-ep (relayed), streamGenerateContent as a JSON array',
  kind: 'relayed',
  path: () => '/gateway/gemini/v1beta/models/ge-ep:streamGenerateContent',
  body: () => ({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
};

export const RELAYED_ROUTES = ROUTES.filter((route) => route.kind === 'relayed');

export interface ClientAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** POSTs `route`'s body as a client would, with `headers`, and reads the whole answer. */
export async function callRoute(gatewayUrl: string, route: GatewayRoute, stream: boolean, headers: Record<string, string> = {}): Promise<ClientAnswer> {
  const response = await fetch(`${gatewayUrl}${route.path(stream)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(route.body(stream)),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * Everything a client reads from an answer, decoded as its parser would decode it: header
 * values, the JSON body (each string decoded, written back without escapes), or each SSE
 * event's data, JSON-decoded where it is JSON.
 */
export function whatTheClientReads(answer: ClientAnswer): string[] {
  const read = [...answer.headers.values()];
  const decode = (text: string) => {
    try {
      return JSON.stringify(JSON.parse(text));
    } catch {
      return text;
    }
  };
  if ((answer.headers.get('content-type') ?? '').includes('text/event-stream')) {
    for (const event of answer.text.split(/\r\n\r\n|\n\n|\r\r/)) {
      const data = event.split(/\r\n|\r|\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).replace(/^ /, ''));
      if (data.length > 0) read.push(decode(data.join('\n')));
      read.push(event);
    }
  } else {
    read.push(decode(answer.text));
  }
  return read;
}

/** The code of a gateway error in any route's shape: OpenAI's body, or the header the other shapes carry. */
export function errorCodeOf(answer: ClientAnswer): string | undefined {
  const header = answer.headers.get('x-gateway-error-code');
  if (header) return header;
  try {
    return JSON.parse(answer.text).error?.code;
  } catch {
    return undefined;
  }
}
