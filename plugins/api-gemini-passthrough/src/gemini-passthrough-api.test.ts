import { batchEmbedContentsOutput, embedContentOutput, geminiJsonArrayOutput, geminiSseOutput } from './gemini-chat-output';
import { GEMINI_FIELD_NAMES } from '@model-gateway/format-gemini';
import { translate } from './gemini-passthrough-api';

const generate = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], generationConfig: { temperature: 0.5 } };

describe('translate', () => {
  it('decodes generateContent and both stream forms, each with its output', () => {
    expect(translate('generateContent', generate, false)).toEqual({
      kind: 'chat',
      request: { messages: [{ role: 'user', content: 'Hi' }], stream: false, streamUsage: false, temperature: 0.5, extra: {} },
      output: geminiSseOutput,
      fieldNames: GEMINI_FIELD_NAMES,
    });
    const sse = translate('streamGenerateContent', generate, true);
    expect(sse).toMatchObject({ kind: 'chat', request: { stream: true, streamUsage: true }, output: geminiSseOutput });
    expect(translate('streamGenerateContent', generate, false).output).toBe(geminiJsonArrayOutput);
  });

  it('decodes embedContent and batchEmbedContents', () => {
    expect(translate('embedContent', { content: { parts: [{ text: 'a' }] } }, false)).toEqual({ kind: 'embeddings', request: { input: 'a', encodingFormat: 'float', extra: {} }, output: embedContentOutput });
    expect(translate('batchEmbedContents', { requests: [{ content: { parts: [{ text: 'a' }] } }] }, false)).toEqual({
      kind: 'embeddings', request: { input: ['a'], encodingFormat: 'float', extra: {} }, output: batchEmbedContentsOutput,
    });
  });

  it('lets a decoding error through (the route renders it in Gemini\'s shape)', () => {
    expect(() => translate('generateContent', { contents: [] }, false)).toThrow(expect.objectContaining({ code: 'invalid_parameter', param: 'contents' }));
  });
});
