/**
 * The provider conformance contract. Every provider plugin has a profile in
 * `profiles/` that says, for every scenario below, whether it is supported —
 * explicitly, so a new scenario cannot be skipped silently — and a fake upstream
 * in `test/fakes/` that speaks the provider's wire format. The runner
 * (`provider-conformance.test.ts`) calls each supported scenario through the
 * gateway's OpenAI-compatible API and checks both what the fake received
 * (decoded into a neutral `RequestView`) and what the client got back.
 */
import type { IncomingHttpHeaders } from 'node:http';

export const SCENARIOS = [
  /** System prompt + user turn, text answer, finish "stop", usage. */
  'chat',
  /** The same, streamed: text deltas, final finish reason, usage chunk. */
  'stream',
  /** One tool offered, the model calls it: finish "tool_calls", parsed arguments. */
  'tools',
  /** Two tool calls in one answer. */
  'parallel-tools',
  /** A tool call streamed as argument deltas (at least two). */
  'stream-tools',
  /** A follow-up turn carrying the assistant's tool call and the tool's result. */
  'tool-result',
  /** A user turn with an image (a data URL). */
  'vision',
  /** response_format json_schema reaches the provider; the answer is JSON text. */
  'json-schema',
  /** Usage that reports prompt-cache reads (and writes, where the provider reports them). */
  'cache-usage',
  /** An answer with reasoning/thinking content. */
  'reasoning',
  /** Two inputs embedded; vectors come back in order. */
  'embeddings',
  /** The provider rejects the gateway's key. */
  'error-401',
  /** The provider rate-limits with Retry-After. */
  'error-429',
  /** The provider fails with a 500. */
  'error-500',
] as const;

export type Scenario = (typeof SCENARIOS)[number];

/** A scenario is supported, or not with the reason written down. */
export type Support = true | { unsupported: string };

/** One turn of a request as the provider received it, reduced to what the scenarios check. */
export interface TurnView {
  role: 'user' | 'assistant' | 'tool';
  /** All text parts joined. */
  text: string;
  images: number;
  toolCalls: Array<{ id: string; name: string; arguments: unknown }>;
  /** On a tool result: the id of the call it answers. */
  toolResultFor?: string;
}

/** A chat or embeddings request decoded from the provider's wire format into a neutral shape. */
export interface RequestView {
  /** The model as the provider received it (from the body or the URL). */
  model: string;
  stream: boolean;
  system?: string;
  turns: TurnView[];
  /** Names of the tools offered. */
  tools: string[];
  /** The JSON schema the provider was asked to follow, if any. */
  jsonSchema?: unknown;
  /** For embeddings: the texts. */
  inputs?: string[];
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  view: RequestView;
}

/** A local server speaking one provider's wire format and answering the scenario named in the last user turn. */
export interface ConformanceFake {
  /** The URL the provider connection is configured with. */
  baseUrl: string;
  readonly requests: SeenRequest[];
  close(): Promise<void>;
}

export interface ProviderProfile {
  /** The provider `type:` under test. */
  type: string;
  /** The chat model the endpoint names; '' when the provider has no chat. */
  model: string;
  /** The embeddings model, when the provider embeds. */
  embeddingsModel?: string;
  /** Whether the provider reports prompt-cache writes (Anthropic, Bedrock do; OpenAI does not). */
  reportsCacheWrites: boolean;
  startFake(): Promise<ConformanceFake>;
  /** The `providers:` entry for a connection to the fake, without `type` (base_url, api_key, own fields). */
  connection(fake: ConformanceFake): Record<string, unknown>;
  /** The key the connection holds: it must reach the fake and never the client. */
  apiKey: string;
  /** Checks the fake makes on the credential (e.g. header, SigV4 signature); return a problem or undefined. */
  checkAuth(request: SeenRequest): string | undefined;
  scenarios: Record<Scenario, Support>;
}

/** The credential check of a provider that takes its key as `Authorization: Bearer <key>`. */
export function bearerAuth(key: string, what = 'key'): ProviderProfile['checkAuth'] {
  return (seen) => (seen.headers.authorization === `Bearer ${key}` ? undefined : `authorization is not "Bearer <connection ${what}>"`);
}
