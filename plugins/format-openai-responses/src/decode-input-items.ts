/**
 * A Responses `input` (a string or a list of items) to canonical chat messages.
 *
 * The Responses API lists one model turn as several items (reasoning, message,
 * function_call, function_call, ...) where Chat Completions has one assistant message,
 * so consecutive assistant items are merged into one turn. A reasoning item opens a new
 * turn: its text and encrypted_content (the signature some providers need back with
 * their thinking) belong to the answer that follows it.
 */
import { invalidParameterAt, isWireObject, parseRequest, unsupportedParameterAt, type ChatMessage, type ContentPart, type GatewayError, type ImagePart } from '@model-gateway/core';
import { PLAIN_TOOL_NAMES, type ToolNames } from './responses-tools';
import {
  functionCallItem, functionCallOutputItem, inputImage, inputText, messageItem, outputText, reasoningItem, refusal, typedPart,
} from './responses-request-schema';

const STATEFUL_ITEMS = new Set(['item_reference']);
const BUILT_IN_HINT = "they run only on OpenAI's side.";

interface PendingReasoning {
  text?: string;
  signature?: string;
}

export function decodeInput(input: string | unknown[], names: ToolNames = PLAIN_TOOL_NAMES, hint = BUILT_IN_HINT): ChatMessage[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  const messages: ChatMessage[] = [];
  let reasoning: PendingReasoning | undefined;

  input.forEach((raw, i) => {
    const at = `input[${i}]`;
    if (!isWireObject(raw)) throw invalidParameterAt(at, 'expected an input item object');
    const type = raw.type ?? 'message';
    switch (type) {
      case 'message': {
        const message = decodeMessage(raw, at);
        if (message.role === 'assistant') {
          Object.assign(message, reasoningFields(reasoning));
          reasoning = undefined;
        } else {
          // Reasoning with no answer after it has nothing to attach to, and no provider takes a bare thinking turn.
          reasoning = undefined;
        }
        messages.push(message);
        return;
      }
      case 'function_call': {
        const item = parseRequest(functionCallItem, raw, at);
        // A call of a namespace tool names its namespace apart; the provider knew the tool by its flattened name.
        const name = typeof item.namespace === 'string' && item.namespace !== '' ? names.flatten(item.namespace, item.name) : item.name;
        const call = { id: item.call_id, name, arguments: item.arguments };
        const last = messages[messages.length - 1];
        if (!reasoning && last?.role === 'assistant') {
          last.toolCalls = [...(last.toolCalls ?? []), call];
        } else {
          messages.push({ role: 'assistant', content: null, toolCalls: [call], ...reasoningFields(reasoning) });
          reasoning = undefined;
        }
        return;
      }
      case 'function_call_output': {
        const item = parseRequest(functionCallOutputItem, raw, at);
        const content = typeof item.output === 'string' ? item.output : decodeParts(item.output, `${at}.output`);
        messages.push({ role: 'tool', content, toolCallId: item.call_id });
        reasoning = undefined;
        return;
      }
      case 'reasoning': {
        const item = parseRequest(reasoningItem, raw, at);
        reasoning = decodeReasoning(item);
        return;
      }
      default:
        throw unsupportedItem(String(type), at, hint);
    }
  });
  return messages;
}

function decodeMessage(raw: Record<string, unknown>, at: string): ChatMessage {
  const item = parseRequest(messageItem, raw, at);
  if (item.role === 'assistant') return decodeAssistantMessage(item.content, at);
  if (typeof item.content === 'string') return { role: item.role, content: item.content };
  return { role: item.role, content: decodeParts(item.content, `${at}.content`) };
}

/** One text part is plain text, which every provider takes for every role and for tool results. */
function decodeParts(raw: unknown[], at: string): string | ContentPart[] {
  const parts = raw.map((part, j) => decodeInputPart(part, `${at}[${j}]`));
  return parts.length === 1 && parts[0].type === 'text' ? parts[0].text : parts;
}

/** Earlier answers come back as output_text and refusal parts (or input_text, from hand-written histories). */
function decodeAssistantMessage(content: string | Array<{ type: string }>, at: string): ChatMessage {
  if (typeof content === 'string') return { role: 'assistant', content };
  let text = '';
  let refused: string | undefined;
  content.forEach((part, j) => {
    const where = `${at}.content[${j}]`;
    if (part.type === 'output_text') text += parseRequest(outputText, part, where).text;
    else if (part.type === 'input_text') text += parseRequest(inputText, part, where).text;
    else if (part.type === 'refusal') refused = (refused ?? '') + parseRequest(refusal, part, where).refusal;
    else throw unsupportedPart(part.type, `${where}.type`, ['output_text', 'refusal']);
  });
  const message: ChatMessage = { role: 'assistant', content: text === '' && refused !== undefined ? null : text };
  if (refused !== undefined) message.refusal = refused;
  return message;
}

function decodeInputPart(raw: unknown, at: string): ContentPart {
  const part = parseRequest(typedPart, raw, at);
  if (part.type === 'input_text') return { type: 'text', text: parseRequest(inputText, part, at).text };
  if (part.type === 'input_image') return decodeImage(parseRequest(inputImage, part, at), at);
  throw unsupportedPart(part.type, `${at}.type`, ['input_text', 'input_image']);
}

function decodeImage(image: { image_url?: string | null; file_id?: string | null; detail?: string | null }, at: string): ImagePart {
  if (image.image_url == null) {
    const param = image.file_id != null ? `${at}.file_id` : `${at}.image_url`;
    const why = image.file_id != null
      ? 'files uploaded to OpenAI cannot be read by the gateway; send the image as image_url (an https URL or a data: URL)'
      : 'required (an https URL or a data: URL)';
    throw image.file_id != null ? unsupportedParameterAt(param, why) : invalidParameterAt(param, why);
  }
  const part: ImagePart = { type: 'image', url: image.image_url };
  // `original` (no downscaling) has no canonical value; `high` is the closest every provider knows.
  if (image.detail != null) part.detail = image.detail === 'original' ? 'high' : image.detail as ImagePart['detail'];
  return part;
}

/** Full reasoning text when the item has it (open-weight models), else the summary OpenAI's models give. */
function decodeReasoning(item: { summary?: Array<{ text: string }> | null; content?: Array<{ text: string }> | null; encrypted_content?: string | null }): PendingReasoning {
  const texts = item.content?.length ? item.content : item.summary ?? [];
  const pending: PendingReasoning = {};
  if (texts.length > 0) pending.text = texts.map((t) => t.text).join('\n\n');
  if (item.encrypted_content != null) pending.signature = item.encrypted_content;
  return pending;
}

function reasoningFields(reasoning: PendingReasoning | undefined): Partial<ChatMessage> {
  const fields: Partial<ChatMessage> = {};
  if (reasoning?.text !== undefined) fields.reasoning = reasoning.text;
  if (reasoning?.signature !== undefined) fields.reasoningSignature = reasoning.signature;
  return fields;
}

function unsupportedItem(type: string, at: string, hint: string): GatewayError {
  const param = `${at}.type`;
  if (STATEFUL_ITEMS.has(type)) {
    return invalidParameterAt(param, `"${type}" points at an item stored by OpenAI; the gateway keeps no responses, so send the item itself.`);
  }
  return unsupportedParameterAt(
    param,
    `"${type}" items are not translated; only message, function_call, function_call_output and reasoning items are ` +
      `(the stateless subset). Built-in tool items cannot be: ${hint}`,
  );
}

function unsupportedPart(type: string, param: string, supported: string[]): GatewayError {
  return unsupportedParameterAt(param, `"${type}" content is not translated; supported here: ${supported.join(', ')}.`);
}
