import type { GatewayError } from '@model-gateway/core';
import { decodeGenerateContentRequest } from './decode-request';
import { decodeBatchEmbedContentsRequest, decodeEmbedContentRequest } from './embeddings';
import { normalizeFieldNames } from './normalize-field-names';

/** A body as google-genai's Python types dump it and LiteLLM writes it: proto field names throughout. */
const SNAKE_BODY = {
  system_instruction: { parts: [{ text: 'Be brief.' }] },
  contents: [
    { role: 'user', parts: [{ text: 'Look' }, { inline_data: { mime_type: 'image/png', data: 'AAAA' } }, { file_data: { mime_type: 'image/jpeg', file_uri: 'https://x/a.jpg' } }] },
    { role: 'model', parts: [{ function_call: { name: 'lookup', args: { user_id: 7, max_output_tokens: 1 } }, thought_signature: 'c2ln' }] },
    { role: 'user', parts: [{ function_response: { name: 'lookup', response: { result_code: 'ok' } } }] },
  ],
  tools: [{ function_declarations: [{ name: 'lookup', parameters_json_schema: { type: 'object', properties: { user_id: { type: 'integer' } }, required: ['user_id'] } }] }],
  tool_config: { function_calling_config: { mode: 'ANY', allowed_function_names: ['lookup'] } },
  safety_settings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
  generation_config: {
    max_output_tokens: 64, top_p: 0.5, top_k: 4, candidate_count: 1, stop_sequences: ['END'], presence_penalty: 0.1, frequency_penalty: 0.2,
    response_mime_type: 'application/json', response_modalities: ['TEXT'],
    thinking_config: { thinking_budget: 1024, include_thoughts: true },
  },
};

function error(fn: () => unknown): GatewayError {
  try {
    fn();
  } catch (e) {
    return e as GatewayError;
  }
  throw new Error('expected a throw');
}

describe('normalizeFieldNames', () => {
  it('renames the proto spellings of every known message field to their JSON names', () => {
    expect(normalizeFieldNames(SNAKE_BODY)).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Look' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }, { fileData: { mimeType: 'image/jpeg', fileUri: 'https://x/a.jpg' } }] },
        { role: 'model', parts: [{ functionCall: { name: 'lookup', args: { user_id: 7, max_output_tokens: 1 } }, thoughtSignature: 'c2ln' }] },
        { role: 'user', parts: [{ functionResponse: { name: 'lookup', response: { result_code: 'ok' } } }] },
      ],
      tools: [{ functionDeclarations: [{ name: 'lookup', parametersJsonSchema: { type: 'object', properties: { user_id: { type: 'integer' } }, required: ['user_id'] } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['lookup'] } },
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
      generationConfig: {
        maxOutputTokens: 64, topP: 0.5, topK: 4, candidateCount: 1, stopSequences: ['END'], presencePenalty: 0.1, frequencyPenalty: 0.2,
        responseMimeType: 'application/json', responseModalities: ['TEXT'],
        thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
      },
    });
  });

  it('leaves free-form JSON as written: arguments, responses, JSON Schemas and Schema property names', () => {
    const schemaProperty = { type: 'OBJECT', properties: { max_output_tokens: { type: 'INTEGER', max_items: 1 } }, property_ordering: ['max_output_tokens'] };
    const out = normalizeFieldNames({
      contents: [{ parts: [{ text: 'x' }] }],
      tools: [{ function_declarations: [{ name: 'f', parameters: schemaProperty, response_json_schema: { properties: { top_k: {} } } }] }],
      generation_config: { response_json_schema: { type: 'object', properties: { max_output_tokens: { type: 'integer' } } } },
    });
    expect((out as { tools: unknown[] }).tools[0]).toEqual({
      functionDeclarations: [{
        name: 'f',
        // A Schema is a proto message (its own keywords are renamed), but its property names are the client's.
        parameters: { type: 'OBJECT', properties: { max_output_tokens: { type: 'INTEGER', maxItems: 1 } }, propertyOrdering: ['max_output_tokens'] },
        responseJsonSchema: { properties: { top_k: {} } },
      }],
    });
    expect(out).toMatchObject({ generationConfig: { responseJsonSchema: { type: 'object', properties: { max_output_tokens: { type: 'integer' } } } } });
  });

  it('returns a camelCase body as the same object, and copies only the paths that change', () => {
    const camel = { contents: [{ parts: [{ text: 'x' }] }], generationConfig: { maxOutputTokens: 5 } };
    expect(normalizeFieldNames(camel)).toBe(camel);
    const contents = [{ parts: [{ text: 'x' }] }];
    const mixed = { contents, generation_config: { max_output_tokens: 5 } };
    const out = normalizeFieldNames(mixed);
    expect(out).toEqual({ contents, generationConfig: { maxOutputTokens: 5 } });
    expect((out as unknown as typeof mixed).contents).toBe(contents);
    expect(mixed).toEqual({ contents, generation_config: { max_output_tokens: 5 } });
  });

  it('keeps key order, unknown keys, and non-objects for the decoder to judge', () => {
    expect(Object.keys(normalizeFieldNames({ a_b: 1, generation_config: {}, z: 2 }) as object)).toEqual(['a_b', 'generationConfig', 'z']);
    expect(normalizeFieldNames('text')).toBe('text');
    expect(normalizeFieldNames({ contents: 'oops', generation_config: null })).toEqual({ contents: 'oops', generationConfig: null });
  });

  it('refuses the same field under both names, as proto3 JSON parsers must', () => {
    const e = error(() => normalizeFieldNames({ contents: [], generationConfig: { maxOutputTokens: 5, max_output_tokens: 6 } }));
    expect(e).toMatchObject({ code: 'invalid_parameter', param: 'generationConfig.maxOutputTokens' });
    expect(e.message).toContain('given twice, as maxOutputTokens and max_output_tokens');
    expect(error(() => normalizeFieldNames({ system_instruction: {}, systemInstruction: {} }))).toMatchObject({ param: 'systemInstruction' });
    expect(error(() => normalizeFieldNames({ contents: [{ parts: [{ text: 'a' }, { inline_data: {}, inlineData: {} }] }] }))).toMatchObject({ param: 'contents[0].parts[1].inlineData' });
  });

  it('does not let a __proto__ key set the prototype of a copy', () => {
    const body = JSON.parse('{"generation_config": {"__proto__": {"polluted": true}, "top_k": 1}}');
    const out = normalizeFieldNames(body) as { generationConfig: Record<string, unknown> };
    expect(Object.getPrototypeOf(out.generationConfig)).toBe(Object.prototype);
    expect(out.generationConfig.polluted).toBeUndefined();
  });
});

describe('decoding proto field names', () => {
  it('gives a translated call what the camelCase body would', () => {
    const request = decodeGenerateContentRequest(SNAKE_BODY, { stream: false });
    expect(request.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(request.tools).toEqual([{ name: 'lookup', parameters: { type: 'object', properties: { user_id: { type: 'integer' } }, required: ['user_id'] } }]);
    expect(request).toMatchObject({ maxTokens: 64, topP: 0.5, topK: 4, n: 1, stop: ['END'], presencePenalty: 0.1, frequencyPenalty: 0.2, toolChoice: { name: 'lookup' }, responseFormat: { type: 'json_object' } });
    expect(request.reasoning).toBeDefined();
    expect(request.messages[2]).toMatchObject({ role: 'assistant', toolCalls: [{ name: 'lookup', arguments: '{"user_id":7,"max_output_tokens":1}' }] });
  });

  it('still refuses built-in tools and cached contents under their proto names', () => {
    const contents = [{ parts: [{ text: 'x' }] }];
    expect(error(() => decodeGenerateContentRequest({ contents, tools: [{ code_execution: {} }] }, { stream: false }))).toMatchObject({ param: 'tools[0].codeExecution' });
    expect(error(() => decodeGenerateContentRequest({ contents, tools: [{ google_search: {} }] }, { stream: false }))).toMatchObject({ param: 'tools[0].googleSearch' });
    expect(error(() => decodeGenerateContentRequest({ contents, cached_content: 'cachedContents/1' }, { stream: false }))).toMatchObject({ param: 'cachedContent' });
  });

  it('reads embedContent and batchEmbedContents with proto field names', () => {
    expect(decodeEmbedContentRequest({ content: { parts: [{ text: 'a' }] }, task_type: 'RETRIEVAL_QUERY', output_dimensionality: 8 })).toMatchObject({ input: 'a', dimensions: 8 });
    expect(decodeBatchEmbedContentsRequest({ requests: [{ model: 'models/m', content: { parts: [{ text: 'a' }] }, output_dimensionality: 4 }] })).toMatchObject({ input: ['a'], dimensions: 4 });
  });
});
