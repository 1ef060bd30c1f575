/**
 * Canonical messages to Converse's `system` blocks and `messages`.
 *
 * Converse differs from the canonical model in three ways that shape this code:
 * - the system prompt is a top-level list, so system and developer turns (wherever
 *   they appear) become `system` text blocks, in order;
 * - there is no `tool` role: a tool's answer is a `toolResult` block inside a user
 *   message, and a run of tool answers (parallel calls) is one user message;
 * - roles must alternate, so consecutive turns of one role are merged into one message.
 * A cache mark becomes a `cachePoint` block right after what it marks, when the model caches.
 */
import { GatewayError, parseDataUrl, type ChatMessage, type ContentPart } from '@model-gateway/core';
import { cachePointAfter } from './converse-cache-points';
import { encodeReasoningBlocks } from './converse-reasoning';
import type { ConverseContentBlock, ConverseImageBlock, ConverseImageFormat, ConverseMessage, ConverseSystemBlock, ConverseToolResultContent } from './converse-types';

/** The image media types Converse takes, by its own format names. */
const IMAGE_FORMATS: Readonly<Record<string, ConverseImageFormat>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export interface ConverseConversation {
  system: ConverseSystemBlock[];
  messages: ConverseMessage[];
}

/** `caching`: the model takes cache points (see converse-cache-points.ts); without it, marks are left out. */
export function encodeConverseMessages(messages: readonly ChatMessage[], caching = false): ConverseConversation {
  const system: ConverseSystemBlock[] = [];
  const out: ConverseMessage[] = [];
  const append = (role: ConverseMessage['role'], blocks: ConverseContentBlock[]) => {
    if (blocks.length === 0) return;
    const last = out[out.length - 1];
    if (last?.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };

  messages.forEach((message, i) => {
    const param = `messages[${i}]`;
    const after = cachePointAfter(message.cacheControl, caching);
    switch (message.role) {
      case 'system':
      case 'developer':
        system.push(...systemBlocks(message, param, caching), ...after);
        break;
      case 'user':
        append('user', [...contentBlocks(message.content, param, caching), ...after]);
        break;
      case 'assistant':
        append('assistant', [...assistantBlocks(message, param, caching), ...after]);
        break;
      case 'tool':
        append('user', [{ toolResult: toolResult(message, param) }, ...after]);
        break;
    }
  });
  return { system, messages: out };
}

function systemBlocks(message: ChatMessage, param: string, caching: boolean): ConverseSystemBlock[] {
  if (message.content === null) return [];
  if (typeof message.content === 'string') return message.content === '' ? [] : [{ text: message.content }];
  return message.content.flatMap((part, j): ConverseSystemBlock[] => {
    if (part.type !== 'text') {
      throw new GatewayError('invalid_parameter', `Bedrock takes only text in a ${message.role} message.`, { param: `${param}.content[${j}]` });
    }
    return part.text === '' ? [] : [{ text: part.text }, ...cachePointAfter(part.cacheControl, caching)];
  });
}

/** Text and image parts; empty text is left out, because Converse rejects blank text blocks. */
function contentBlocks(content: ChatMessage['content'], param: string, caching: boolean): ConverseContentBlock[] {
  if (content === null) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return content.flatMap((part, j): ConverseContentBlock[] => {
    if (part.type === 'text') return part.text === '' ? [] : [{ text: part.text }, ...cachePointAfter(part.cacheControl, caching)];
    return [{ image: imageBlock(part, `${param}.content[${j}]`) }, ...cachePointAfter(part.cacheControl, caching)];
  });
}

/** Thinking goes first, as the model produced it (converse-reasoning.ts says which blocks go back). */
function assistantBlocks(message: ChatMessage, param: string, caching: boolean): ConverseContentBlock[] {
  const blocks: ConverseContentBlock[] = encodeReasoningBlocks(message);
  blocks.push(...contentBlocks(message.content, param, caching));
  message.toolCalls?.forEach((call, j) => {
    blocks.push({ toolUse: { toolUseId: call.id, name: call.name, input: toolInput(call.arguments, `${param}.tool_calls[${j}].function.arguments`) } });
  });
  return blocks;
}

/** Converse carries tool arguments as a JSON document, so text that does not parse cannot be sent. */
function toolInput(text: string, param: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new GatewayError('invalid_parameter', 'Tool call arguments must be JSON text: Bedrock takes them as a JSON document.', { param });
  }
}

function toolResult(message: ChatMessage, param: string): { toolUseId: string; content: ConverseToolResultContent[] } {
  if (!message.toolCallId) {
    throw new GatewayError('invalid_parameter', 'A tool message needs tool_call_id: Bedrock links each tool result to its call.', { param: `${param}.tool_call_id` });
  }
  const content: ConverseToolResultContent[] =
    typeof message.content === 'string' || message.content === null
      ? [{ text: message.content ?? '' }]
      : message.content.map((part: ContentPart, j) => (part.type === 'text' ? { text: part.text } : { image: imageBlock(part, `${param}.content[${j}]`) }));
  return { toolUseId: message.toolCallId, content };
}

/** An image's `detail` is a resolution hint with no Converse counterpart; the model picks its own. */
function imageBlock(part: Extract<ContentPart, { type: 'image' }>, param: string): ConverseImageBlock {
  const inline = parseDataUrl(part.url);
  if (!inline) {
    throw new GatewayError(
      'invalid_parameter',
      'Bedrock takes images as inline bytes only: send the image as a base64 data: URL (data:image/png;base64,...), not a link.',
      { param: `${param}.image_url.url` },
    );
  }
  const format = IMAGE_FORMATS[inline.mediaType.toLowerCase()];
  if (!format) {
    throw new GatewayError('invalid_parameter', `Bedrock takes PNG, JPEG, GIF or WebP images, not ${inline.mediaType}.`, { param: `${param}.image_url.url` });
  }
  return { format, source: { bytes: inline.data } };
}
