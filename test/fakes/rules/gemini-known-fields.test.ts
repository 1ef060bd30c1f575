import { geminiFieldProblem } from './gemini-known-fields';

const contents = [{ role: 'user', parts: [{ text: 'hi' }] }];

describe('geminiFieldProblem', () => {
  it('takes every known field in both spellings, at every depth', () => {
    const snake = {
      contents: [{ role: 'user', parts: [{ inline_data: { mime_type: 'image/png', data: 'AA' } }, { file_data: { file_uri: 'gs://x', mime_type: 'image/png' } }] }],
      system_instruction: { parts: [{ text: 's' }] },
      tools: [{ function_declarations: [{ name: 'f', parameters: { type: 'OBJECT', properties: { max_output_tokens: { type: 'STRING', max_length: 3 } }, any_of: [{ min_items: 1 }] } }] }, { code_execution: {} }],
      tool_config: { function_calling_config: { mode: 'ANY', allowed_function_names: ['f'] } },
      generation_config: { max_output_tokens: 5, top_p: 1, thinking_config: { thinking_budget: 0, include_thoughts: false }, response_json_schema: { anything: { goes: 1 } } },
      safety_settings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' }],
    };
    expect(geminiFieldProblem('generateContent', snake)).toBeUndefined();
    const camel = { contents: [{ parts: [{ functionCall: { name: 'f', args: { any_thing: 1 } }, thoughtSignature: 'c2ln' }, { functionResponse: { name: 'f', response: { x_y: 1 } } }] }], generationConfig: { maxOutputTokens: 5 } };
    expect(geminiFieldProblem('streamGenerateContent', camel)).toBeUndefined();
    expect(geminiFieldProblem('batchEmbedContents', { requests: [{ model: 'models/m', content: { parts: [{ text: 'a' }] }, output_dimensionality: 3 }] })).toBeUndefined();
  });

  it("names an unknown field with Google's text and path, in proto spelling", () => {
    expect(geminiFieldProblem('generateContent', { contents, reasoning_effort: 'high' })).toBe('Invalid JSON payload received. Unknown name "reasoning_effort": Cannot find field.');
    expect(geminiFieldProblem('generateContent', { contents, generationConfig: { foo: 1 } })).toBe(`Invalid JSON payload received. Unknown name "foo" at 'generation_config': Cannot find field.`);
    const schema = { tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'OBJECT', properties: { a: { type: 'STRING' }, b: { type: 'OBJECT', additionalProperties: false } } } }] }] };
    expect(geminiFieldProblem('generateContent', { contents, ...schema })).toBe(
      `Invalid JSON payload received. Unknown name "additionalProperties" at 'tools[0].function_declarations[0].parameters.properties[1].value': Cannot find field.`,
    );
    expect(geminiFieldProblem('embedContent', { content: { parts: [{ text: 'a' }] }, encoding_format: 'float' })).toContain('Unknown name "encoding_format"');
  });

  it('joins several problems with new lines, and refuses one field under both names', () => {
    expect(geminiFieldProblem('generateContent', { contents: [{ parts: [{ text: 'a', x: 1 }] }], y: 2 })?.split('\n')).toHaveLength(2);
    expect(geminiFieldProblem('generateContent', { contents, generationConfig: { topK: 1, top_k: 2 } })).toBe(`Invalid JSON payload received. Duplicate field "top_k" at 'generation_config'.`);
  });

  it('checks countTokens bodies, the generateContentRequest inside them too, and leaves methods it does not know alone', () => {
    expect(geminiFieldProblem('countTokens', { contents, systemInstruction: {} })).toBe('Invalid JSON payload received. Unknown name "systemInstruction": Cannot find field.');
    expect(geminiFieldProblem('countTokens', { generateContentRequest: { model: 'models/m', contents, systemInstruction: { parts: [] } } })).toBeUndefined();
    expect(geminiFieldProblem('countTokens', { generate_content_request: { contents, temperature: 1 } })).toContain("at 'generate_content_request'");
    expect(geminiFieldProblem('tokenize', { anything: 1 })).toBeUndefined();
  });
});
