/**
 * The request settings a Responses answer repeats back. OpenAI's `response` object
 * carries them (instructions, tools, text format, sampling), and SDKs read some of them
 * back (the structured-output helpers read `text.format`), so the gateway echoes what
 * the client sent, with OpenAI's defaults where it sent nothing.
 */
import type { NamespacedName } from './responses-tools';

export interface ResponsesEcho {
  /** Flattened tool names of namespace tools, so the answer's calls go back into their namespace. */
  namespaced?: ReadonlyMap<string, NamespacedName>;
  instructions: string | null;
  maxOutputTokens: number | null;
  metadata: Record<string, string>;
  parallelToolCalls: boolean;
  reasoning: { effort: string | null; summary: string | null };
  temperature: number | null;
  text: { format: Record<string, unknown>; verbosity?: string };
  toolChoice: unknown;
  tools: unknown[];
  topP: number | null;
  user?: string;
}
