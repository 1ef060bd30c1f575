/**
 * Canonical messages to Anthropic's `system` and `messages`:
 * - system and developer messages, wherever they stand, are gathered (in order) into the
 *   top-level `system`, the only place Anthropic takes instructions;
 * - `tool` messages become `tool_result` blocks in a user turn;
 * - consecutive turns of the same role are merged, as Anthropic requires alternation
 *   (so a run of tool results, and a user message after them, make one user turn);
 * - images: a data: URL becomes a base64 source, an http(s) URL a url source; OpenAI's
 *   `detail` has no Anthropic counterpart (Claude always sees the image as sent);
 * - an assistant turn's reasoning goes back as the thinking blocks Anthropic signed (from
 *   the reasoning envelope, or a bare signature), because Anthropic rejects unsigned
 *   thinking; reasoning another provider family sealed is left out;
 * - `name` on a message has no Anthropic counterpart and is not sent;
 * - tool-call ids from other providers may hold characters Anthropic's ids may not
 *   (only letters, digits, `_` and `-`): they are replaced by `_` the same way in a call
 *   and in its result, so the two stay linked.
 */
import { invalidParameterAt, parseDataUrl, toolArgumentsObject, type ChatMessage, type ContentPart, type WireObject } from '@model-gateway/core';
import { thinkingBlocksOf } from './thinking-envelope';

export interface EncodedMessages {
  /** Text blocks of every system/developer message; empty when there are none. */
  system: WireObject[];
  messages: Array<{ role: 'user' | 'assistant'; content: WireObject[] | string }>;
}

export function encodeAnthropicMessages(messages: ChatMessage[]): EncodedMessages {
  const system: WireObject[] = [];
  const turns: Array<{ role: 'user' | 'assistant'; content: WireObject[] }> = [];
  const push = (role: 'user' | 'assistant', blocks: WireObject[]) => {
    if (blocks.length === 0) return;
    const last = turns[turns.length - 1];
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };

  messages.forEach((message, i) => {
    const where = `messages[${i}]`;
    switch (message.role) {
      case 'system':
      case 'developer':
        system.push(...systemBlocks(message.content, where));
        break;
      case 'user':
        push('user', contentBlocks(message.content, where));
        break;
      case 'tool':
        push('user', [toolResultBlock(message, where)]);
        break;
      case 'assistant':
        push('assistant', assistantBlocks(message, where));
        break;
    }
  });
  return { system, messages: turns.map((turn) => ({ role: turn.role, content: collapse(turn.content) })) };
}

/** A turn that is one plain text block goes as a string, the form most Anthropic examples and logs show. */
function collapse(blocks: WireObject[]): WireObject[] | string {
  return blocks.length === 1 && blocks[0].type === 'text' && Object.keys(blocks[0]).length === 2 ? (blocks[0].text as string) : blocks;
}

function systemBlocks(content: ChatMessage['content'], where: string): WireObject[] {
  if (content === null) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return content.map((part, j) => {
    if (part.type !== 'text') throw invalidParameterAt(`${where}.content[${j}]`, "Anthropic's system prompt takes text only");
    return { type: 'text', text: part.text };
  });
}

/** Anthropic rejects empty text blocks, so empty text is left out rather than sent. */
function contentBlocks(content: ChatMessage['content'], where: string): WireObject[] {
  if (content === null) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  const blocks: WireObject[] = [];
  content.forEach((part, j) => {
    if (part.type === 'text') {
      if (part.text !== '') blocks.push({ type: 'text', text: part.text });
    } else {
      blocks.push(imageBlock(part, `${where}.content[${j}]`));
    }
  });
  return blocks;
}

function imageBlock(part: Extract<ContentPart, { type: 'image' }>, where: string): WireObject {
  const inline = parseDataUrl(part.url);
  if (inline) return { type: 'image', source: { type: 'base64', media_type: inline.mediaType, data: inline.data } };
  if (/^https?:\/\//i.test(part.url)) return { type: 'image', source: { type: 'url', url: part.url } };
  throw invalidParameterAt(`${where}.image_url.url`, 'must be an http(s) URL or a base64 data: URL');
}

function toolResultBlock(message: ChatMessage, where: string): WireObject {
  if (!message.toolCallId) throw invalidParameterAt(`${where}.tool_call_id`, 'required on a tool message');
  const block: WireObject = { type: 'tool_result', tool_use_id: toolUseId(message.toolCallId) };
  const content = message.content;
  if (typeof content === 'string') {
    if (content !== '') block.content = content;
  } else if (content !== null) {
    const blocks = contentBlocks(content, where);
    if (blocks.length > 0) block.content = blocks;
  }
  return block;
}

function assistantBlocks(message: ChatMessage, where: string): WireObject[] {
  const blocks: WireObject[] = thinkingBlocksOf(message);
  blocks.push(...contentBlocks(message.content, where));
  message.toolCalls?.forEach((call, j) => {
    blocks.push({ type: 'tool_use', id: toolUseId(call.id), name: call.name, input: toolArgumentsObject(call.arguments, `${where}.tool_calls[${j}].function.arguments`, 'Anthropic') });
  });
  return blocks;
}

function toolUseId(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_');
}
