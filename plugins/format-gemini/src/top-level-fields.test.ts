import type { GatewayError } from '@model-gateway/core';
import { decodeGenerateContentCall } from './decode-request';
import { checkGenerationConfigNames, topLevelHints, unknownNameError } from './top-level-fields';

function thrown(fn: () => unknown): GatewayError {
  try {
    fn();
  } catch (e) {
    return e as GatewayError;
  }
  throw new Error('expected a throw');
}

const contents = [{ parts: [{ text: 'hi' }] }];

describe('top-level fields of a translated generateContent body', () => {
  it("refuses a name Gemini does not know, in Gemini's words, every one of them", () => {
    const error = thrown(() => topLevelHints({ contents, fooBar: 1, temperature: 0.2 }));
    expect(error).toMatchObject({ code: 'invalid_parameter', status: 400, param: 'fooBar' });
    expect(error.message).toBe(
      'Invalid JSON payload received. Unknown name "fooBar": Cannot find field.\nInvalid JSON payload received. Unknown name "temperature": Cannot find field.',
    );
  });

  it('returns the known hints no other provider has, and nothing for the fields the decoder reads', () => {
    expect(topLevelHints({ contents, labels: { team: 'a' }, model: 'models/x', systemInstruction: { parts: [] } })).toEqual(['labels']);
    expect(topLevelHints({ contents, labels: null })).toEqual([]);
  });

  it('reads both spellings as known, since the decoder has renamed the proto ones', () => {
    const { request, dropped } = decodeGenerateContentCall({ contents, tool_config: { function_calling_config: { mode: 'NONE' } }, labels: { a: 'b' } }, { stream: false });
    expect(request.toolChoice).toBe('none');
    expect(dropped).toEqual(['labels']);
    expect(thrown(() => decodeGenerateContentCall({ contents, tool_confg: {} }, { stream: false })).message).toContain('Unknown name "tool_confg"');
  });

  it('refuses an unknown generationConfig name with the enclosing field named as Gemini does', () => {
    const error = thrown(() => checkGenerationConfigNames({ maxOutputTokens: 5, max_tokens: 5 }));
    expect(error.message).toBe("Invalid JSON payload received. Unknown name \"max_tokens\" at 'generation_config': Cannot find field.");
    expect(error).toMatchObject({ param: 'generationConfig.max_tokens' });
    expect(unknownNameError(['x']).message).toBe('Invalid JSON payload received. Unknown name "x": Cannot find field.');
  });
});
