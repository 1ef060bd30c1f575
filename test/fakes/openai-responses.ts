import { json, nextPiece, sse, type StreamFaults } from './fake-server';
import type { OpenAiBehaviour, OpenAiRequest } from './openai-fake';

/** The Responses API (`POST {basePath}/responses`) of the OpenAI fake: its ready-made behaviours. */

export const RESPONSES_USAGE = {
  input_tokens: 14,
  // cache_write_tokens is on OpenAI's wire: the Python SDK's ResponseUsage requires it.
  input_tokens_details: { cached_tokens: 4, cache_write_tokens: 0 },
  output_tokens: 9,
  output_tokens_details: { reasoning_tokens: 3 },
  total_tokens: 23,
};

/** Text of the last user input; `input` is a string or a list of items with string or part content. */
export function lastResponsesUserText(body: any): string {
  const input = body?.input;
  if (typeof input === 'string') return input;
  if (!Array.isArray(input)) return '';
  const last = [...input].reverse().find((item) => item?.role === 'user');
  if (typeof last?.content === 'string') return last.content;
  if (!Array.isArray(last?.content)) return '';
  return last.content.filter((p: any) => p?.type === 'input_text').map((p: any) => p.text).join('');
}

export interface ResponsesFunctionCall {
  name: string;
  arguments: string;
  callId?: string;
}

export interface ResponsesOptions {
  /** Replaces the default `reply to: …` text; `null` answers with the function call alone. */
  text?: string | null;
  functionCall?: ResponsesFunctionCall;
  usage?: Record<string, unknown>;
}

export interface ResponsesStreamOptions extends Omit<StreamFaults, 'errorAfter'> {
  /** A function_call item after the message, its arguments streamed as these fragments. */
  functionCall?: { name: string; args: string[]; callId?: string };
}

const MESSAGE_ID = 'msg_fake_1';
const FUNCTION_CALL_ID = 'fc_fake_1';

function messageItem(text: string, status: 'in_progress' | 'completed') {
  const content = status === 'completed' ? [{ type: 'output_text', text, annotations: [] }] : [];
  return { type: 'message', id: MESSAGE_ID, status, role: 'assistant', content };
}

function functionCallItem(call: ResponsesFunctionCall, status: 'in_progress' | 'completed') {
  return { type: 'function_call', id: FUNCTION_CALL_ID, call_id: call.callId ?? 'call_fake_1', name: call.name, arguments: call.arguments, status };
}

/** The response object; the same envelope goes out in progress (no output, no usage) and completed. */
function responseObject(req: OpenAiRequest, id: string, status: string, output: unknown[], usage: unknown) {
  return {
    id,
    object: 'response',
    created_at: 1_700_000_000,
    status,
    error: null,
    incomplete_details: null,
    instructions: req.body?.instructions ?? null,
    // Like chat completions, the upstream answers with a dated snapshot of the requested model.
    model: `${req.body?.model}-2024-01-01`,
    output,
    parallel_tool_calls: true,
    previous_response_id: req.body?.previous_response_id ?? null,
    store: req.body?.store ?? true,
    temperature: req.body?.temperature ?? 1,
    tool_choice: req.body?.tool_choice ?? 'auto',
    tools: req.body?.tools ?? [],
    top_p: req.body?.top_p ?? 1,
    usage,
    metadata: req.body?.metadata ?? {},
  };
}

/** Ready-made behaviours for `POST /responses`; errors use `respondOpenAi.error`. */
export const respondResponses = {
  response: (options: ResponsesOptions = {}): OpenAiBehaviour => (req, res) => {
    const output: unknown[] = [];
    const text = options.text === undefined ? `reply to: ${lastResponsesUserText(req.body)}` : options.text;
    if (text !== null) output.push(messageItem(text, 'completed'));
    if (options.functionCall) output.push(functionCallItem(options.functionCall, 'completed'));
    json(res, 200, responseObject(req, 'resp_fake_1', 'completed', output, options.usage ?? RESPONSES_USAGE));
  },

  /** Server-sent events, each with an `event:` line and a data JSON carrying `type` and `sequence_number`. */
  stream: (pieces: string[], options: ResponsesStreamOptions = {}): OpenAiBehaviour => async (req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    let sequence = 0;
    const send = (type: string, fields: Record<string, unknown>) => res.write(sse({ type, sequence_number: sequence++, ...fields }, type));
    const id = 'resp_fake_stream';
    const pending = responseObject(req, id, 'in_progress', [], null);
    send('response.created', { response: pending });
    send('response.in_progress', { response: pending });
    const output: unknown[] = [];
    if (pieces.length > 0) {
      const output_index = output.length;
      const at = { item_id: MESSAGE_ID, output_index, content_index: 0 };
      send('response.output_item.added', { output_index, item: messageItem('', 'in_progress') });
      send('response.content_part.added', { ...at, part: { type: 'output_text', text: '', annotations: [] } });
      for (const [sent, delta] of pieces.entries()) {
        if ((await nextPiece(res, sent, options)) !== 'send') return;
        send('response.output_text.delta', { ...at, delta, logprobs: [] });
      }
      const text = pieces.join('');
      send('response.output_text.done', { ...at, text, logprobs: [] });
      send('response.content_part.done', { ...at, part: { type: 'output_text', text, annotations: [] } });
      const item = messageItem(text, 'completed');
      send('response.output_item.done', { output_index, item });
      output.push(item);
    }
    if (options.functionCall) {
      const output_index = output.length;
      const call = { name: options.functionCall.name, callId: options.functionCall.callId, arguments: '' };
      send('response.output_item.added', { output_index, item: functionCallItem(call, 'in_progress') });
      for (const delta of options.functionCall.args) send('response.function_call_arguments.delta', { item_id: FUNCTION_CALL_ID, output_index, delta });
      call.arguments = options.functionCall.args.join('');
      send('response.function_call_arguments.done', { item_id: FUNCTION_CALL_ID, output_index, name: call.name, arguments: call.arguments });
      const item = functionCallItem(call, 'completed');
      send('response.output_item.done', { output_index, item });
      output.push(item);
    }
    send('response.completed', { response: responseObject(req, id, 'completed', output, RESPONSES_USAGE) });
    res.end();
  },
};
