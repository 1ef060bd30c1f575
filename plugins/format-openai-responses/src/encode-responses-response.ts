/**
 * A canonical ChatResponse as a Responses API `response` object: reasoning first, then
 * the message, then one function_call item per tool call, the order OpenAI's models
 * produce them in. The Responses API has no `n`, so only the first choice is encoded.
 */
import { invalidUpstream, type ChatResponse, type WireObject } from '@model-gateway/core';
import { functionCallItem, messageItem, outcomeOf, reasoningItem, type MessagePart } from './output-items';
import { responseEnvelope } from './response-envelope';
import type { ResponsesEcho } from './responses-echo';
import { responseIds } from './response-ids';

export function encodeResponsesResponse(response: ChatResponse, echo: ResponsesEcho): WireObject {
  const choice = response.choices[0];
  if (!choice) throw invalidUpstream('it has no choices');
  const ids = responseIds(response.id);
  const outcome = outcomeOf(choice.finishReason);
  // Items of a cut-off answer are incomplete too, as on OpenAI's wire.
  const itemStatus = outcome.status;
  const { message } = choice;
  const output: WireObject[] = [];

  if (message.reasoning !== undefined || message.reasoningSignature !== undefined) {
    output.push(reasoningItem(ids.item('rs', output.length), message.reasoning, message.reasoningSignature, itemStatus));
  }
  const parts: MessagePart[] = [];
  if (message.content) parts.push({ type: 'output_text', text: message.content });
  if (message.refusal) parts.push({ type: 'refusal', refusal: message.refusal });
  const calls = message.toolCalls ?? [];
  // An empty answer is still a message, so clients reading output_text find an empty text rather than nothing.
  if (parts.length === 0 && calls.length === 0) parts.push({ type: 'output_text', text: '' });
  if (parts.length > 0) output.push(messageItem(ids.item('msg', output.length), parts, itemStatus));
  for (const call of calls) output.push(functionCallItem(ids.functionCall(call.id), call, itemStatus, echo.namespaced));

  return responseEnvelope(
    { id: ids.response, createdAt: response.created, model: response.model, status: outcome.status, output, usage: response.usage, incompleteReason: outcome.incompleteReason },
    echo,
  );
}
