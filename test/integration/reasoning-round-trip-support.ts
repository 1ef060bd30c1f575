import type http from 'node:http';
import type OpenAI from 'openai';
import { json, sse } from '../fakes/fake-server';
import type { AnthropicBehaviour } from '../fakes/anthropic-fake';
import { signThinking } from '../fakes/rules/anthropic-thinking';

/** What the tests' models think and call, and the tool they call. */
export const THOUGHT = 'The user wants the weather; I should call get_weather for Paris.';
export const CALL = { id: 'toolu_rt_1', name: 'get_weather', input: { city: 'Paris' } };
export const SIGNED_THINKING = { type: 'thinking', thinking: THOUGHT, signature: signThinking(THOUGHT) };
export const WEATHER_PARAMETERS = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

/** Anthropic's first answer: a signed thinking block, then the tool call (JSON, or Anthropic's event stream). */
export function thinkingThenToolUse(callId = CALL.id): AnthropicBehaviour {
  return (req, res) => {
    const content = [SIGNED_THINKING, { type: 'tool_use', id: callId, name: CALL.name, input: CALL.input }];
    const usage = { input_tokens: 20, output_tokens: 30 };
    const message = { id: 'msg_rt_1', type: 'message', role: 'assistant', model: req.body?.model, stop_reason: 'tool_use', stop_sequence: null, usage };
    if (req.body?.stream !== true) return json(res, 200, { ...message, content });
    writeAnthropicStream(res, message, callId);
  };
}

function writeAnthropicStream(res: http.ServerResponse, message: Record<string, unknown>, callId: string): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (data: { type: string } & Record<string, unknown>) => res.write(sse(data, data.type));
  send({ type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 20, output_tokens: 1 } } });
  send({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } });
  send({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: THOUGHT } });
  send({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: SIGNED_THINKING.signature } });
  send({ type: 'content_block_stop', index: 0 });
  send({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: callId, name: CALL.name, input: {} } });
  send({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: JSON.stringify(CALL.input) } });
  send({ type: 'content_block_stop', index: 1 });
  send({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 30 } });
  send({ type: 'message_stop' });
  res.end();
}

/**
 * A Chat Completions client's second turn, as such clients send it: the question, the
 * assistant's tool call by id (no reasoning: the format has no place for it) and its result.
 */
export function chatToolTurn(question: OpenAI.ChatCompletionMessageParam, callId: string): OpenAI.ChatCompletionMessageParam[] {
  return [
    question,
    { role: 'assistant', content: null, tool_calls: [{ id: callId, type: 'function', function: { name: CALL.name, arguments: JSON.stringify(CALL.input) } }] },
    { role: 'tool', tool_call_id: callId, content: 'sunny, 21 C' },
  ];
}
