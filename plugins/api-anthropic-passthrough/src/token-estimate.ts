import { Tiktoken } from 'js-tiktoken/lite';

/**
 * An estimate of a Messages body's input tokens, for count_tokens on an endpoint whose
 * provider has no such call. Claude's tokenizer is not published, so the text is counted
 * with OpenAI's o200k_base encoding (js-tiktoken): system text, each message's text, tool
 * calls and results as the JSON a model reads, tool definitions as JSON, plus a few
 * tokens of framing per message and per tool. An image counts as IMAGE_TOKENS. The
 * number guides a client's context management; it is marked as an estimate.
 */

/** Anthropic's documented cost of an image near its size limit (about 1.15 megapixels, width x height / 750). */
export const IMAGE_TOKENS = 1600;
const PER_MESSAGE = 4;
const PER_TOOL = 8;

let encoder: Tiktoken | undefined;

/** Built on first use: decoding the ranks takes a noticeable moment and most gateways never count tokens. */
function encoding(): Tiktoken {
  if (!encoder) {
    type Ranks = ConstructorParameters<typeof Tiktoken>[0];
    // The CommonJS build exports the ranks as the module itself; an ES-module interop wraps them in `default`.
    const ranks = require('js-tiktoken/ranks/o200k_base') as Ranks & { default?: Ranks };
    encoder = new Tiktoken(ranks.default ?? ranks);
  }
  return encoder;
}

export function estimateInputTokens(body: Record<string, unknown>): number {
  const texts: string[] = [];
  let fixed = 0;
  const visit = (content: unknown): void => {
    if (typeof content === 'string') return void texts.push(content);
    if (!Array.isArray(content)) return;
    for (const block of content as Array<Record<string, unknown>>) {
      if (block?.type === 'text' && typeof block.text === 'string') texts.push(block.text);
      else if (block?.type === 'image' || block?.type === 'document') fixed += IMAGE_TOKENS;
      else if (block?.type === 'tool_use') texts.push(String(block.name ?? ''), JSON.stringify(block.input ?? {}));
      else if (block?.type === 'tool_result') visit(block.content);
      else if (block?.type === 'thinking' && typeof block.thinking === 'string') texts.push(block.thinking);
    }
  };
  visit(body.system);
  const messages = Array.isArray(body.messages) ? body.messages : [];
  for (const message of messages as Array<Record<string, unknown>>) {
    fixed += PER_MESSAGE;
    visit(message?.content);
  }
  const tools = Array.isArray(body.tools) ? body.tools : [];
  for (const tool of tools) {
    fixed += PER_TOOL;
    texts.push(JSON.stringify(tool));
  }
  const enc = encoding();
  return texts.reduce((sum, text) => sum + enc.encode(text).length, fixed);
}
