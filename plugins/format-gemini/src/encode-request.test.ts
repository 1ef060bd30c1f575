import { GatewayError, type ChatRequest } from '@model-gateway/core';
import { encodeGenerateContentRequest } from './encode-request';

const base = (over: Partial<ChatRequest>): ChatRequest => ({ messages: [], stream: false, streamUsage: false, extra: {}, ...over });

function error(fn: () => unknown): GatewayError {
  try {
    fn();
  } catch (e) {
    return e as GatewayError;
  }
  throw new Error('expected a throw');
}

describe('encodeGenerateContentRequest', () => {
  it('puts system and developer messages in systemInstruction and maps roles to user/model', () => {
    const body = encodeGenerateContentRequest(base({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
        { role: 'developer', content: [{ type: 'text', text: 'No emoji.' }] },
        { role: 'user', content: 'Again' },
      ],
    }));
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }, { text: 'No emoji.' }] });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Hi' }] },
      { role: 'model', parts: [{ text: 'Hello' }] },
      { role: 'user', parts: [{ text: 'Again' }] },
    ]);
    expect(body.generationConfig).toBeUndefined();
  });

  it('sends data: URLs as inlineData and other URLs as fileData with a MIME type from the extension', () => {
    const body = encodeGenerateContentRequest(base({
      messages: [{ role: 'user', content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image', url: 'data:image/png;base64,AAAA' },
        { type: 'image', url: 'https://example.com/cat.webp?x=1' },
      ] }],
    }));
    expect(body.contents[0].parts).toEqual([
      { text: 'What is this?' },
      { inlineData: { mimeType: 'image/png', data: 'AAAA' } },
      { fileData: { mimeType: 'image/webp', fileUri: 'https://example.com/cat.webp?x=1' } },
    ]);
  });

  it('encodes tools as JSON-Schema declarations, tool choice as functionCallingConfig', () => {
    const parameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
    const tools = [{ name: 'get_weather', description: 'Weather', parameters }];
    const cases: Array<[ChatRequest['toolChoice'], unknown]> = [
      ['auto', { mode: 'AUTO' }],
      ['none', { mode: 'NONE' }],
      ['required', { mode: 'ANY' }],
      [{ name: 'get_weather' }, { mode: 'ANY', allowedFunctionNames: ['get_weather'] }],
    ];
    for (const [toolChoice, config] of cases) {
      const body = encodeGenerateContentRequest(base({ messages: [{ role: 'user', content: 'x' }], tools, toolChoice }));
      expect(body.tools).toEqual([{ functionDeclarations: [{ name: 'get_weather', description: 'Weather', parametersJsonSchema: parameters }] }]);
      expect(body.toolConfig).toEqual({ functionCallingConfig: config });
    }
  });

  it('sends tool calls with object args and links each result to its call by name (and id)', () => {
    const body = encodeGenerateContentRequest(base({
      messages: [
        { role: 'user', content: 'Weather in Paris and London?' },
        { role: 'assistant', content: null, toolCalls: [
          { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { id: 'call_2', name: 'get_time', arguments: '' },
        ] },
        { role: 'tool', toolCallId: 'call_1', content: '18C and sunny' },
        { role: 'tool', toolCallId: 'call_2', content: '{"time":"12:00"}' },
        { role: 'user', content: 'Thanks' },
      ],
    }));
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris and London?' }] },
      { role: 'model', parts: [
        { functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'call_1' } },
        { functionCall: { name: 'get_time', args: {}, id: 'call_2' } },
      ] },
      { role: 'user', parts: [
        { functionResponse: { name: 'get_weather', response: { output: '18C and sunny' }, id: 'call_1' } },
        { functionResponse: { name: 'get_time', response: { time: '12:00' }, id: 'call_2' } },
        { text: 'Thanks' },
      ] },
    ]);
  });

  it('rejects a tool result whose call it cannot find, and arguments that are not a JSON object', () => {
    const orphan = error(() => encodeGenerateContentRequest(base({ messages: [{ role: 'tool', toolCallId: 'nope', content: 'x' }] })));
    expect(orphan).toMatchObject({ code: 'invalid_parameter', param: 'messages[0].tool_call_id' });
    const badArgs = error(() => encodeGenerateContentRequest(base({ messages: [{ role: 'assistant', content: null, toolCalls: [{ id: 'a', name: 'f', arguments: '[1]' }] }] })));
    expect(badArgs).toMatchObject({ code: 'invalid_parameter', param: 'messages[0].tool_calls[0].function.arguments' });
  });

  it('sends earlier reasoning as a thought part, with the signature on the first function call', () => {
    const body = encodeGenerateContentRequest(base({
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: null, reasoning: 'thinking', reasoningSignature: 'sig', toolCalls: [{ id: 'c', name: 'f', arguments: '{}' }] },
        { role: 'tool', toolCallId: 'c', content: 'r' },
        { role: 'assistant', content: 'done', reasoning: 'more', reasoningSignature: 'sig2' },
        { role: 'user', content: 'q2' },
        { role: 'assistant', content: 'plain', reasoningSignature: 'sig3' },
      ],
    }));
    expect(body.contents[1].parts).toEqual([{ text: 'thinking', thought: true }, { functionCall: { name: 'f', args: {}, id: 'c' }, thoughtSignature: 'sig' }]);
    expect(body.contents[3].parts).toEqual([{ text: 'more', thought: true, thoughtSignature: 'sig2' }, { text: 'done' }]);
    expect(body.contents[5].parts).toEqual([{ text: 'plain' }, { text: '', thoughtSignature: 'sig3' }]);
  });

  it('maps sampling, limits, stop, n, penalties, seed, JSON output and reasoning into generationConfig', () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } };
    const body = encodeGenerateContentRequest(base({
      messages: [{ role: 'user', content: 'x' }],
      temperature: 0.2, topP: 0.9, topK: 40, maxTokens: 100, n: 2, stop: ['END'], presencePenalty: 0.1, frequencyPenalty: 0.2, seed: 7,
      responseFormat: { type: 'json_schema', name: 'answer', schema, strict: true },
      reasoning: { effort: 'low' },
    }));
    expect(body.generationConfig).toEqual({
      stopSequences: ['END'], temperature: 0.2, topP: 0.9, topK: 40, maxOutputTokens: 100, candidateCount: 2,
      presencePenalty: 0.1, frequencyPenalty: 0.2, seed: 7,
      responseMimeType: 'application/json', responseJsonSchema: schema,
      thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
    });
    const jsonObject = encodeGenerateContentRequest(base({ messages: [{ role: 'user', content: 'x' }], responseFormat: { type: 'json_object' } }));
    expect(jsonObject.generationConfig).toEqual({ responseMimeType: 'application/json' });
  });

  it("keeps Gemini's own extra fields and no other family's", () => {
    const body = encodeGenerateContentRequest(base({
      messages: [{ role: 'user', content: 'x' }],
      extra: { safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }], logprobs: true, store: true },
    }));
    expect(body.safetySettings).toEqual([{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }]);
    expect(body).not.toHaveProperty('logprobs');
    expect(body).not.toHaveProperty('store');
  });

  it('has no field for parallel tool calls: the provider drops `false` and names it, so the encoder only leaves it out', () => {
    expect(encodeGenerateContentRequest(base({ messages: [{ role: 'user', content: 'x' }], parallelToolCalls: false }))).not.toHaveProperty('toolConfig');
    expect(() => encodeGenerateContentRequest(base({ messages: [{ role: 'user', content: 'x' }], parallelToolCalls: true }))).not.toThrow();
  });

  it('rejects images in the system instruction and gives an empty turn an empty text part', () => {
    expect(error(() => encodeGenerateContentRequest(base({ messages: [{ role: 'system', content: [{ type: 'image', url: 'https://x/a.png' }] }] })))).toMatchObject({
      code: 'unsupported_parameter', param: 'messages[0].content[0]',
    });
    const body = encodeGenerateContentRequest(base({ messages: [{ role: 'user', content: 'x' }, { role: 'assistant', content: null }] }));
    expect(body.contents[1]).toEqual({ role: 'model', parts: [{ text: '' }] });
  });
});
