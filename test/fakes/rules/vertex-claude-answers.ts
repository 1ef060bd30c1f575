import type http from 'node:http';
import { json, sse } from '../fake-server';
import { cacheControls } from './vertex-claude-rules';

/**
 * Claude-on-Vertex answers the Anthropic fake's scenarios do not give: a stop on the
 * client's first stop sequence (`stop_reason: "stop_sequence"`, `stop_sequence` naming it),
 * and cache counts for a request with cache_control breakpoints, in Anthropic's convention
 * (input_tokens leaves out cache reads and writes). JSON for rawPredict, Anthropic's event
 * stream for streamRawPredict, as Vertex relays Anthropic's own answers.
 */

export const VERTEX_CACHE_USAGE = { read: 200, writePerBreakpoint: 30 };
export const STOPPED_TEXT = 'Counting: 1, 2, 3';

/** Whether this fake answers the request itself rather than the Anthropic fake. */
export function answersItself(scenario: string | undefined, body: any): boolean {
  return scenario === 'stop-sequence' || cacheControls(body).length > 0;
}

export function writeClaudeAnswer(scenario: string | undefined, body: any, model: string, res: http.ServerResponse): void {
  const sequence: string | undefined = scenario === 'stop-sequence' ? body?.stop_sequences?.[0] : undefined;
  const stop = sequence ? { stop_reason: 'stop_sequence', stop_sequence: sequence } : { stop_reason: 'end_turn', stop_sequence: null };
  const text = sequence ? STOPPED_TEXT : 'cached answer';
  const breakpoints = cacheControls(body).length;
  const usage = {
    input_tokens: 9,
    output_tokens: 5,
    cache_read_input_tokens: breakpoints > 0 ? VERTEX_CACHE_USAGE.read : 0,
    cache_creation_input_tokens: breakpoints * VERTEX_CACHE_USAGE.writePerBreakpoint,
  };
  const message = { id: 'msg_vrtx_1', type: 'message', role: 'assistant', model };
  if (body?.stream !== true) return json(res, 200, { ...message, content: [{ type: 'text', text }], ...stop, usage });
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  const send = (data: { type: string } & Record<string, unknown>) => res.write(sse(data, data.type));
  const { output_tokens, ...inputUsage } = usage;
  send({ type: 'message_start', message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: { ...inputUsage, output_tokens: 1 } } });
  send({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
  send({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });
  send({ type: 'content_block_stop', index: 0 });
  send({ type: 'message_delta', delta: stop, usage: { output_tokens } });
  send({ type: 'message_stop' });
  res.end();
}
