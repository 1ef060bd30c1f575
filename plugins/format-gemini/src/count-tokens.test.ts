import type { GatewayError } from '@model-gateway/core';
import { decodeCountTokensRequest, encodeCountTokensResponse } from './count-tokens';

function thrown(fn: () => unknown): GatewayError {
  try {
    fn();
  } catch (e) {
    return e as GatewayError;
  }
  throw new Error('expected a throw');
}

const contents = [{ role: 'user', parts: [{ text: 'How many tokens?' }] }];

describe('decodeCountTokensRequest', () => {
  it('reads contents, as google-genai sends them', () => {
    expect(decodeCountTokensRequest({ contents }).messages).toEqual([{ role: 'user', content: 'How many tokens?' }]);
  });

  it('reads a generateContentRequest in either spelling, with its system instruction and tools, its model left out', () => {
    const request = decodeCountTokensRequest({
      generate_content_request: {
        model: 'models/gemini-2.5-flash', contents, system_instruction: { parts: [{ text: 'Be brief.' }] },
        tools: [{ function_declarations: [{ name: 'f', parameters_json_schema: { type: 'object' } }] }],
      },
    });
    expect(request.messages).toEqual([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'How many tokens?' }]);
    expect(request.tools).toEqual([{ name: 'f', parameters: { type: 'object' } }]);
  });

  it('refuses both forms at once, an unknown name, and no prompt', () => {
    expect(thrown(() => decodeCountTokensRequest({ contents, generateContentRequest: { contents } })).param).toBe('generateContentRequest');
    expect(thrown(() => decodeCountTokensRequest({ contents, systemInstruction: {} })).message).toBe('Invalid JSON payload received. Unknown name "systemInstruction": Cannot find field.');
    expect(thrown(() => decodeCountTokensRequest({})).param).toBe('contents');
  });
});

describe('encodeCountTokensResponse', () => {
  it("is Gemini's CountTokensResponse, and refuses a count that is not one", () => {
    expect(encodeCountTokensResponse(42)).toEqual({ totalTokens: 42 });
    expect(thrown(() => encodeCountTokensResponse(Number.NaN)).code).toBe('upstream_invalid_response');
  });
});
