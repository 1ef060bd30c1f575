import { GatewayError } from '@model-gateway/core';
import { decodeResponsesRequest } from './decode-responses-request';

const decode = (body: Record<string, unknown>) => decodeResponsesRequest({ model: 'my-chat', ...body });

function errorOf(body: unknown): GatewayError {
  try {
    decodeResponsesRequest(body);
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected the body to be refused');
}

describe('decodeResponsesRequest', () => {
  it('takes a string input as one user turn and instructions as the system prompt before it', () => {
    const { model, request } = decode({ input: 'Hello', instructions: 'Be brief.' });
    expect(model).toBe('my-chat');
    expect(request).toEqual({
      messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello' }],
      stream: false,
      streamUsage: true,
      extra: {},
    });
  });

  it('maps sampling, limits, reasoning effort, user and stream', () => {
    const { request } = decode({
      input: 'x', temperature: 0.2, top_p: 0.9, max_output_tokens: 64, reasoning: { effort: 'low', summary: 'auto' }, user: 'u-1', stream: true,
    });
    expect(request).toMatchObject({ temperature: 0.2, topP: 0.9, maxTokens: 64, reasoning: { effort: 'low' }, user: 'u-1', stream: true, streamUsage: true });
  });

  it('flattens function tools and maps every tool_choice form', () => {
    const tools = [{ type: 'function', name: 'get_weather', description: 'Weather', parameters: { type: 'object' }, strict: true }];
    expect(decode({ input: 'x', tools, tool_choice: 'required', parallel_tool_calls: false }).request).toMatchObject({
      tools: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'object' }, strict: true }],
      toolChoice: 'required',
      parallelToolCalls: false,
    });
    expect(decode({ input: 'x', tools, tool_choice: { type: 'function', name: 'get_weather' } }).request.toolChoice).toEqual({ name: 'get_weather' });
    // A null strict (the SDK's type allows it) leaves the provider's default.
    expect(decode({ input: 'x', tools: [{ type: 'function', name: 'f', parameters: null, strict: null }] }).request.tools).toEqual([{ name: 'f' }]);
  });

  it('maps text.format to the canonical response format, and verbosity to Chat Completions\' name', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(decode({ input: 'x', text: { format: { type: 'json_schema', name: 'out', schema, strict: true } } }).request.responseFormat).toEqual({
      type: 'json_schema', name: 'out', schema, strict: true,
    });
    expect(decode({ input: 'x', text: { format: { type: 'json_object' } } }).request.responseFormat).toEqual({ type: 'json_object' });
    const { request } = decode({ input: 'x', text: { format: { type: 'text' }, verbosity: 'low' } });
    expect(request.responseFormat).toEqual({ type: 'text' });
    expect(request.extra).toEqual({ verbosity: 'low' });
  });

  it('keeps unknown fields and the fields Chat Completions shares in extra; metadata is only echoed', () => {
    const { request, echo } = decode({ input: 'x', mock: { reply: 'hi' }, prompt_cache_key: 'k', service_tier: 'flex', metadata: { team: 'a' }, include: ['reasoning.encrypted_content'] });
    expect(request.extra).toEqual({ mock: { reply: 'hi' }, prompt_cache_key: 'k', service_tier: 'flex' });
    expect(echo.metadata).toEqual({ team: 'a' });
  });

  it('echoes the request settings with OpenAI\'s defaults', () => {
    expect(decode({ input: 'x' }).echo).toEqual({
      instructions: null,
      maxOutputTokens: null,
      metadata: {},
      parallelToolCalls: true,
      reasoning: { effort: null, summary: null },
      temperature: null,
      text: { format: { type: 'text' } },
      toolChoice: 'auto',
      tools: [],
      topP: null,
    });
  });

  it.each([
    ['previous_response_id', { previous_response_id: 'resp_1' }],
    ['conversation', { conversation: 'conv_1' }],
    ['store', { store: true }],
    ['background', { background: true }],
    ['prompt', { prompt: { id: 'pmpt_1' } }],
  ])('refuses %s, which needs state on the server, with a 400 naming it', (param, fields) => {
    const error = errorOf({ model: 'm', input: 'x', ...fields });
    expect(error).toMatchObject({ code: 'invalid_parameter', status: 400, param });
    expect(error.message).toContain('stateless subset');
    expect(error.message).toContain('input');
  });

  it('accepts store: false and null stateful fields', () => {
    expect(() => decode({ input: 'x', store: false, previous_response_id: null, background: false })).not.toThrow();
  });

  it('leaves out OpenAI\'s own tools and names them; refuses a tool choice that forces one', () => {
    const { request, droppedTools } = decode({ input: 'x', tools: [{ type: 'function', name: 'f' }, { type: 'web_search', external_web_access: false }, { type: 'file_search' }, { type: 'web_search' }] });
    expect(request.tools).toEqual([{ name: 'f' }]);
    expect(droppedTools).toEqual(['web_search', 'file_search']);
    const choice = errorOf({ model: 'm', input: 'x', tools: [{ type: 'function', name: 'f' }, { type: 'file_search' }], tool_choice: { type: 'file_search' } });
    expect(choice).toMatchObject({ code: 'unsupported_parameter', param: 'tool_choice' });
    expect(choice.message).toContain('file_search');
    // Only built-in tools and a choice that requires a call: nothing is left to call.
    expect(errorOf({ model: 'm', input: 'x', tools: [{ type: 'web_search' }], tool_choice: 'required' })).toMatchObject({ code: 'unsupported_parameter', param: 'tool_choice' });
    // Only built-in tools and "auto": no tools at all reach the provider.
    expect(decode({ input: 'x', tools: [{ type: 'web_search' }], tool_choice: 'auto' }).request).not.toHaveProperty('tools');
  });

  it('points to the relaying route only from the unified route', () => {
    const body = { model: 'm', input: [{ type: 'web_search_call', id: 'ws_1', status: 'completed' }] };
    const unified = errorOf(body);
    expect(unified.message).toContain('/gateway/openai/v1/responses');
    let passthrough: GatewayError | undefined;
    try {
      decodeResponsesRequest(body, { route: 'passthrough' });
    } catch (error) {
      passthrough = error as GatewayError;
    }
    expect(passthrough?.param).toBe('input[0].type');
    expect(passthrough?.message).not.toContain('/gateway/openai/v1/responses');
    expect(passthrough?.message).toContain('relays the call unchanged');
  });

  it('flattens namespace tools into qualified function names and maps calls coming back in input', () => {
    const spawn = { type: 'function', name: 'spawn_agent', description: 'Spawn', parameters: { type: 'object' } };
    const { request, echo } = decode({
      tools: [{ type: 'function', name: 'exec_command' }, { type: 'namespace', name: 'multi_agent_v1', description: 'Agents', tools: [spawn] }],
      tool_choice: { type: 'function', namespace: 'multi_agent_v1', name: 'spawn_agent' },
      input: [
        { role: 'user', content: 'go' },
        { type: 'function_call', namespace: 'multi_agent_v1', name: 'spawn_agent', call_id: 'c1', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: 'spawned' },
      ],
    });
    expect(request.tools).toEqual([{ name: 'exec_command' }, { name: 'multi_agent_v1__spawn_agent', description: 'Spawn', parameters: { type: 'object' } }]);
    expect(request.toolChoice).toEqual({ name: 'multi_agent_v1__spawn_agent' });
    expect(request.messages[1]).toEqual({ role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'multi_agent_v1__spawn_agent', arguments: '{}' }] });
    expect(echo.namespaced?.get('multi_agent_v1__spawn_agent')).toEqual({ namespace: 'multi_agent_v1', name: 'spawn_agent' });
  });

  it('does not pass Codex\'s client_metadata on to the provider', () => {
    expect(decode({ input: 'x', client_metadata: { thread_id: 't' }, prompt_cache_key: 'k' }).request.extra).toEqual({ prompt_cache_key: 'k' });
  });

  it('refuses what it cannot honour rather than dropping it', () => {
    expect(errorOf({ model: 'm', input: 'x', top_logprobs: 3 })).toMatchObject({ code: 'unsupported_parameter', param: 'top_logprobs' });
    expect(errorOf({ model: 'm', input: 'x', include: ['message.output_text.logprobs'] })).toMatchObject({ param: 'include[0]' });
    expect(errorOf({ model: 'm', input: 'x', truncation: 'auto' })).toMatchObject({ param: 'truncation' });
    expect(() => decode({ input: 'x', truncation: 'disabled' })).not.toThrow();
  });

  it('names the parameter of a malformed body', () => {
    expect(errorOf({ input: 'x' })).toMatchObject({ code: 'invalid_parameter', param: 'model' });
    expect(errorOf({ model: 'm', input: 'x', temperature: 3 })).toMatchObject({ param: 'temperature', message: 'temperature: must be <= 2' });
    expect(errorOf({ model: 'm', input: 'x', reasoning: { effort: 'xhigh' } })).toMatchObject({ param: 'reasoning.effort' });
    expect(errorOf({ model: 'm', input: 'x', text: { format: { type: 'json_schema', schema: {} } } })).toMatchObject({ param: 'text.format.name' });
    expect(errorOf({ model: 'm', input: 'x', tools: [{ type: 'function' }] })).toMatchObject({ param: 'tools[0].name' });
    expect(errorOf({ model: 'm' })).toMatchObject({ param: 'input' });
    expect(errorOf({ model: 'm', instructions: 'only a system prompt', input: [] })).toMatchObject({ param: 'input' });
    expect(errorOf([])).toMatchObject({ code: 'invalid_parameter' });
  });
});
