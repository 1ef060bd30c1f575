import { vertexGeminiCountTokensBody } from './vertex-count-tokens-body';

describe('vertexGeminiCountTokensBody', () => {
  const contents = [{ role: 'user', parts: [{ text: 'hi' }] }];

  it('sends a top-level body as written', () => {
    const body = { contents };
    expect(vertexGeminiCountTokensBody(body)).toBe(body);
  });

  it('lifts the prompt fields of a generateContentRequest, in either spelling, and leaves out its model and the rest', () => {
    const tools = [{ functionDeclarations: [{ name: 'f' }] }];
    expect(vertexGeminiCountTokensBody({ generateContentRequest: { model: 'models/x', contents, tools, safetySettings: [] } })).toEqual({ contents, tools });
    expect(vertexGeminiCountTokensBody({ generate_content_request: { model: 'models/x', contents, system_instruction: { parts: [] } } })).toEqual({ contents, system_instruction: { parts: [] } });
  });
});
