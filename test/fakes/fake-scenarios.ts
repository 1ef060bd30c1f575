import { FIXTURES, scenarioOf } from '../conformance/conformance-fixtures';
import type { RequestView, TurnView } from '../conformance/conformance-types';
import { schemaAnswer } from './schema-answer';

/**
 * What every fake shares about choosing its answer: a request whose last marked user
 * turn names a conformance scenario gets that scenario's FIXTURES answer (in the fake's
 * own wire format); any other gets an echo of its last user turn. Embeddings answer the
 * FIXTURES inputs with their FIXTURES vectors and any other text with a vector of its
 * own position, so tests can check the order.
 */

export interface Requested {
  /** The scenario named by the last user turn that names one, if any. */
  scenario?: string;
  /** That turn, e.g. to count the images it carried. */
  turn?: TurnView;
}

export function requestedScenario(view: RequestView): Requested {
  const turn = [...view.turns].reverse().find((t) => t.role === 'user' && scenarioOf(t.text));
  return { scenario: turn ? scenarioOf(turn.text) : undefined, turn };
}

/**
 * The text the echo answers quote: `reply to: {last user turn}`; for a request that asks for
 * structured output, JSON of the requested schema instead (schemaAnswer).
 */
export function echoText(view: RequestView): string {
  if (view.jsonSchema !== undefined) return schemaAnswer(view.jsonSchema, view);
  const last = [...view.turns].reverse().find((t) => t.role === 'user');
  return `reply to: ${last?.text ?? ''}`;
}

export interface ScenarioError {
  status: number;
  message: string;
  headers: Record<string, string>;
}

/** The error an `error-{status}` scenario asks for, a 429 with the fixture's Retry-After. */
export function scenarioError(scenario: string | undefined): ScenarioError | undefined {
  const status = /^error-(\d{3})$/.exec(scenario ?? '')?.[1];
  if (!status) return undefined;
  const headers: Record<string, string> = status === '429' ? { 'retry-after': String(FIXTURES.retryAfterSeconds) } : {};
  return { status: Number(status), message: `${FIXTURES.errorMessage} ${status}`, headers };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The vision fixture is a PNG: it counts only if its bytes arrived intact. */
export function isPngBase64(data: unknown): boolean {
  return Buffer.from(String(data ?? ''), 'base64').subarray(0, 8).equals(PNG_SIGNATURE);
}

export function isPngDataUrl(url: unknown): boolean {
  const match = /^data:image\/png;base64,(.+)$/.exec(String(url ?? ''));
  return !!match && isPngBase64(match[1]);
}

/** Text as a fake streams it: in pieces of `size` characters. */
export function textPieces(text: string, size = 6): string[] {
  return text.match(new RegExp(`.{1,${size}}`, 'gs')) ?? [];
}

/** Tool arguments as a fake streams them: in two pieces, so a reader must join deltas. */
export function halves(text: string): [string, string] {
  const cut = Math.ceil(text.length / 2);
  return [text.slice(0, cut), text.slice(cut)];
}

/** The vector for the input at `index`: the fixture's for a fixture input, else one that tells the position. */
export function embeddingFor(input: unknown, index: number): number[] {
  const fixture = FIXTURES.embeddings.inputs.indexOf(input as 'alpha');
  return fixture >= 0 ? [...FIXTURES.embeddings.vectors[fixture]] : [0.25 + index, -0.5, 0.125];
}

export function parseJsonOr(text: unknown): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return text;
  }
}

/** Text of the parts that are text (`{type: 'text', text}` blocks, as OpenAI, Anthropic and Cohere write them). */
export function typedText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.filter((p: any) => p?.type === 'text').map((p: any) => p.text).join('');
}
