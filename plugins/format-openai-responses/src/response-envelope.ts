/**
 * The `response` object around the output items: what a non-streamed call answers, and
 * what the stream's lifecycle events (created, in_progress, completed, incomplete,
 * failed) carry. `store` is false and `previous_response_id` null because the gateway
 * keeps nothing; the settings are the request's, echoed.
 */
import type { Usage, WireObject } from '@model-gateway/core';
import type { ResponsesEcho } from './responses-echo';
import { encodeResponsesUsage } from './responses-usage';

export interface EnvelopeFields {
  id: string;
  createdAt: number;
  model: string;
  status: 'in_progress' | 'completed' | 'incomplete' | 'failed';
  output: WireObject[];
  usage?: Usage;
  incompleteReason?: 'max_output_tokens' | 'content_filter';
  error?: { code: string; message: string };
}

export function responseEnvelope(fields: EnvelopeFields, echo: ResponsesEcho): WireObject {
  const wire: WireObject = {
    id: fields.id,
    object: 'response',
    created_at: fields.createdAt,
    status: fields.status,
    error: fields.error ?? null,
    incomplete_details: fields.incompleteReason ? { reason: fields.incompleteReason } : null,
    instructions: echo.instructions,
    max_output_tokens: echo.maxOutputTokens,
    model: fields.model,
    output: fields.output,
    parallel_tool_calls: echo.parallelToolCalls,
    previous_response_id: null,
    reasoning: echo.reasoning,
    store: false,
    temperature: echo.temperature,
    text: echo.text,
    tool_choice: echo.toolChoice,
    tools: echo.tools,
    top_p: echo.topP,
    truncation: 'disabled',
    usage: fields.usage ? encodeResponsesUsage(fields.usage) : null,
    metadata: echo.metadata,
  };
  if (echo.user !== undefined) wire.user = echo.user;
  return wire;
}
