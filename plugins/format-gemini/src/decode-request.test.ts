import type { GatewayError } from '@model-gateway/core';
import { decodeGenerateContentRequest } from './decode-request';
import { encodeGenerateContentRequest } from './encode-request';

function error(fn: () => unknown): GatewayError {
  try {
    fn();
  } catch (e) {
    return e as GatewayError;
  }
  throw new Error('expected a throw');
}

const decode = (body: unknown, stream = false) => decodeGenerateContentRequest(body, { stream });

describe('decodeGenerateContentRequest', () => {
  it('reads systemInstruction (Content or string), roles, text and images', () => {
    const request = decode({
      systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'No emoji.' }] },
      contents: [
        { parts: [{ text: 'Look: ' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }, { fileData: { mimeType: 'image/jpeg', fileUri: 'https://x/a.jpg' } }] },
        { role: 'model', parts: [{ text: 'A ' }, { text: 'cat.' }] },
        { role: 'user', parts: [{ text: 'Thanks' }] },
      ],
    });
    expect(request.messages).toEqual([
      { role: 'system', content: 'Be brief.\nNo emoji.' },
      { role: 'user', content: [{ type: 'text', text: 'Look: ' }, { type: 'image', url: 'data:image/png;base64,AAAA' }, { type: 'image', url: 'https://x/a.jpg' }] },
      { role: 'assistant', content: 'A cat.' },
      { role: 'user', content: 'Thanks' },
    ]);
    expect(request.stream).toBe(false);
    expect(decode({ systemInstruction: 'Sys', contents: [{ parts: [{ text: 'x' }] }] }, true)).toMatchObject({
      messages: [{ role: 'system', content: 'Sys' }, { role: 'user', content: 'x' }],
      stream: true,
      streamUsage: true,
    });
  });

  it('gives function calls stable ids and links responses by id, else by name in order', () => {
    const request = decode({
      contents: [
        { role: 'user', parts: [{ text: 'Weather?' }] },
        { role: 'model', parts: [
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'sig' },
          { functionCall: { name: 'get_weather', args: { city: 'London' } } },
          { functionCall: { id: 'fc-9', name: 'get_time', args: {} } },
        ] },
        { role: 'user', parts: [
          { functionResponse: { id: 'fc-9', name: 'get_time', response: { time: 'noon' } } },
          { functionResponse: { name: 'get_weather', response: { output: '18C' } } },
          { functionResponse: { name: 'get_weather', response: { output: '12C' } } },
          { text: 'And tomorrow?' },
        ] },
      ],
    });
    expect(request.messages).toEqual([
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: null,
        reasoningSignature: 'sig',
        toolCalls: [
          { id: 'call_1_0', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { id: 'call_1_1', name: 'get_weather', arguments: '{"city":"London"}' },
          { id: 'fc-9', name: 'get_time', arguments: '{}' },
        ],
      },
      { role: 'tool', name: 'get_time', toolCallId: 'fc-9', content: '{"time":"noon"}' },
      { role: 'tool', name: 'get_weather', toolCallId: 'call_1_0', content: '18C' },
      { role: 'tool', name: 'get_weather', toolCallId: 'call_1_1', content: '12C' },
      { role: 'user', content: 'And tomorrow?' },
    ]);
  });

  it('rejects a function response that answers no call of the previous turn', () => {
    const thrown = error(() => decode({ contents: [{ role: 'model', parts: [{ text: 'hi' }] }, { parts: [{ functionResponse: { name: 'f', response: {} } }] }] }));
    expect(thrown).toMatchObject({ code: 'invalid_parameter', param: 'contents[1].parts[0].functionResponse.name' });
  });

  // Found by the inbound property test: each was a TypeError (500) before.
  it.each([
    [{ contents: [null] }, 'contents[0]'],
    [{ contents: [{ parts: [null] }] }, 'contents[0].parts[0]'],
    [{ contents: [{ role: 'model', parts: [{ functionCall: null }] }] }, 'contents[0].parts[0].functionCall'],
    [{ contents: [{ parts: [{ text: 'x' }] }], tools: [null] }, 'tools[0]'],
    [{ contents: [{ parts: [{ text: 'x' }] }], tools: [{ functionDeclarations: [null] }] }, 'tools[0].functionDeclarations[0]'],
  ])('a null where an object must be is a 400 naming it: %j', (body, param) => {
    expect(error(() => decode(body))).toMatchObject({ code: 'invalid_parameter', param, message: expect.stringContaining('expected an object') });
  });

  it('reads thought parts as reasoning', () => {
    const request = decode({ contents: [{ parts: [{ text: 'q' }] }, { role: 'model', parts: [{ text: 'hmm', thought: true }, { text: 'answer', thoughtSignature: 's' }] }] });
    expect(request.messages[1]).toEqual({ role: 'assistant', content: 'answer', reasoning: 'hmm', reasoningSignature: 's' });
  });

  it('reads tools from parametersJsonSchema and from the OpenAPI subset, and the calling modes', () => {
    const request = decode({
      contents: [{ parts: [{ text: 'x' }] }],
      tools: [{ functionDeclarations: [
        { name: 'a', description: 'A', parametersJsonSchema: { type: 'object', properties: { q: { type: 'string' } } } },
        { name: 'b', parameters: { type: 'OBJECT', properties: { n: { type: 'INTEGER', nullable: true } }, required: ['n'] } },
        { name: 'c' },
      ] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['a', 'b'] } },
    });
    expect(request.tools).toEqual([
      { name: 'a', description: 'A', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
      { name: 'b', parameters: { type: 'object', properties: { n: { type: ['integer', 'null'] } }, required: ['n'] } },
    ]);
    expect(request.toolChoice).toBe('required');
    const modes: Array<[unknown, unknown]> = [
      [{ mode: 'AUTO' }, 'auto'],
      [{ mode: 'NONE' }, 'none'],
      [{ mode: 'ANY' }, 'required'],
      [{ mode: 'ANY', allowedFunctionNames: ['a'] }, { name: 'a' }],
      [{ mode: 'VALIDATED' }, 'auto'],
    ];
    for (const [config, choice] of modes) {
      expect(decode({ contents: [{ parts: [{ text: 'x' }] }], tools: [{ functionDeclarations: [{ name: 'a' }] }], toolConfig: { functionCallingConfig: config } }).toolChoice).toEqual(choice);
    }
  });

  it('reads generationConfig, JSON output and thinking', () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } };
    const request = decode({
      contents: [{ parts: [{ text: 'x' }] }],
      generationConfig: {
        temperature: 0.3, topP: 0.8, topK: 20, maxOutputTokens: 50, candidateCount: 2, stopSequences: ['X'], presencePenalty: 0.5,
        frequencyPenalty: 0.25, seed: 3, responseMimeType: 'application/json', responseJsonSchema: schema, thinkingConfig: { thinkingBudget: 2048, includeThoughts: true },
        responseLogprobs: false, mediaResolution: 'MEDIA_RESOLUTION_LOW',
      },
    });
    expect(request).toMatchObject({
      temperature: 0.3, topP: 0.8, topK: 20, maxTokens: 50, n: 2, stop: ['X'], presencePenalty: 0.5, frequencyPenalty: 0.25, seed: 3,
      responseFormat: { type: 'json_schema', name: 'response', schema },
      reasoning: { budgetTokens: 2048 },
    });
    expect(decode({ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { responseMimeType: 'application/json' } }).responseFormat).toEqual({ type: 'json_object' });
    expect(decode({ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { responseMimeType: 'application/json', responseSchema: { type: 'STRING' } } }).responseFormat).toEqual({
      type: 'json_schema', name: 'response', schema: { type: 'string' },
    });
    expect(decode({ contents: [{ parts: [{ text: 'x' }] }], generationConfig: { thinkingConfig: { thinkingBudget: 0 } } }).reasoning).toEqual({ effort: 'none' });
  });

  it.each<[string, unknown, string, string]>([
    ['a Google tool', { tools: [{ googleSearch: {} }] }, 'unsupported_parameter', 'tools[0].googleSearch'],
    ['audio', { contents: [{ parts: [{ inlineData: { mimeType: 'audio/wav', data: 'AA' } }] }] }, 'unsupported_parameter', 'contents[0].parts[0].inlineData.mimeType'],
    ['logprobs', { generationConfig: { responseLogprobs: true } }, 'unsupported_parameter', 'generationConfig.responseLogprobs'],
    ['image output', { generationConfig: { responseModalities: ['TEXT', 'IMAGE'] } }, 'unsupported_parameter', 'generationConfig.responseModalities'],
    ['a cached content', { cachedContent: 'cachedContents/1' }, 'unsupported_parameter', 'cachedContent'],
    ['a safety threshold', { safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' }] }, 'unsupported_parameter', 'safetySettings[0].threshold'],
    ['a bad role', { contents: [{ role: 'system', parts: [{ text: 'x' }] }] }, 'invalid_parameter', 'contents[0].role'],
    ['a non-numeric temperature', { generationConfig: { temperature: 'hot' } }, 'invalid_parameter', 'generationConfig.temperature'],
    ['an empty contents', { contents: [] }, 'invalid_parameter', 'contents'],
  ])('rejects %s naming the field', (_, body, code, param) => {
    const full = { contents: [{ parts: [{ text: 'x' }] }], ...(body as object) };
    expect(error(() => decode(full))).toMatchObject({ code, param, status: 400 });
  });

  it('accepts safety settings that only switch filters off', () => {
    expect(() => decode({ contents: [{ parts: [{ text: 'x' }] }], safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }] })).not.toThrow();
  });

  it('round-trips through the encoder for a tool conversation', () => {
    const body = {
      systemInstruction: { parts: [{ text: 'sys' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Weather?' }] },
        { role: 'model', parts: [{ functionCall: { id: 'a', name: 'get_weather', args: { city: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'a', name: 'get_weather', response: { output: 'sunny' } } }] },
      ],
      tools: [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: { type: 'object' } }] }],
      toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
      generationConfig: { temperature: 0.5 },
    };
    expect(encodeGenerateContentRequest(decode(body))).toEqual({
      ...body,
      contents: [
        body.contents[0],
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'a' } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: 'sunny' }, id: 'a' } }] },
      ],
    });
  });
});
