import type OpenAI from 'openai';

/** What an OpenAI-format chat stream carried, as the stream tests check it. */
export interface ChatStreamSummary {
  /** Each non-empty content delta, in order. */
  pieces: string[];
  text: string;
  /** Each finish_reason seen, in order (one per choice that finished). */
  finishes: string[];
  /** Every usage chunk's usage, in order: none unless asked for, and only one expected. */
  usages: OpenAI.CompletionUsage[];
}

/** Reads a Chat Completions stream (from the openai SDK) to its end. */
export async function readChatStream(stream: AsyncIterable<OpenAI.ChatCompletionChunk>): Promise<ChatStreamSummary> {
  const summary: ChatStreamSummary = { pieces: [], text: '', finishes: [], usages: [] };
  for await (const chunk of stream) {
    for (const choice of chunk.choices) {
      if (choice.delta?.content) summary.pieces.push(choice.delta.content);
      if (choice.finish_reason) summary.finishes.push(choice.finish_reason);
    }
    if (chunk.usage) summary.usages.push(chunk.usage);
  }
  summary.text = summary.pieces.join('');
  return summary;
}
