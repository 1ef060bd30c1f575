import { Cancellation, GatewayError, type ChatChunk, type ChatRequest } from '@model-gateway/core';
import { Call } from '@model-gateway/core/testing';
import { batchEmbedContentsOutput, embedContentOutput, geminiJsonArrayOutput, geminiSseOutput } from './gemini-chat-output';

const request: ChatRequest = { messages: [{ role: 'user', content: 'Hi' }], stream: true, streamUsage: true, extra: {} };
const newCall = () => new Call('req-1', 'gemini-passthrough', 'chat', 'ep', request, {}, new Cancellation());
const base = { id: 'msg_1', created: 1, model: 'claude-x' };
const chunk = (content: string, finishReason: string | null = null): ChatChunk => ({ ...base, choices: [{ index: 0, delta: { content }, finishReason }] });
const usage: ChatChunk = { ...base, choices: [], usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 } };

const events = (sse: string) => sse.split('\n\n').filter(Boolean).map((e) => JSON.parse(e.replace(/^data: /, '')));

describe('Gemini chat outputs', () => {
  it('writes a complete answer as a GenerateContentResponse', () => {
    const body = geminiSseOutput.response({ ...base, choices: [{ index: 0, message: { role: 'assistant', content: 'Hello' }, finishReason: 'stop' }], usage: usage.usage }, newCall());
    expect(body).toEqual({
      candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, index: 0, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 },
      modelVersion: 'claude-x',
      responseId: 'msg_1',
    });
  });

  it('SSE: one event per item, one encoder per call, the last item carrying finish and usage', () => {
    const call = newCall();
    const other = newCall();
    expect(events(geminiSseOutput.chunk(chunk('He'), call) ?? '')).toEqual([expect.objectContaining({ candidates: [{ content: { role: 'model', parts: [{ text: 'He' }] }, index: 0 }] })]);
    expect(geminiSseOutput.chunk(chunk('x'), other)).not.toBeNull();
    expect(geminiSseOutput.chunk(chunk('', 'stop'), call)).toBeNull();
    const last = events(geminiSseOutput.chunk(usage, call) ?? '');
    expect(last).toEqual([expect.objectContaining({ candidates: [expect.objectContaining({ finishReason: 'STOP' })], usageMetadata: expect.objectContaining({ totalTokenCount: 5 }) })]);
    expect(geminiSseOutput.done(call)).toBe('');
  });

  it("SSE: a failure is an event with Google's error envelope", () => {
    const text = geminiSseOutput.streamError(new GatewayError('upstream_error', 'boom'), newCall());
    expect(events(text)).toEqual([{ error: { code: 502, message: 'boom', status: 'UNAVAILABLE' } }]);
  });

  it('JSON array: elements joined by commas, closed at the end (an empty stream is [])', () => {
    const call = newCall();
    const text = [geminiJsonArrayOutput.chunk(chunk('a'), call), geminiJsonArrayOutput.chunk(chunk('b', 'stop'), call), geminiJsonArrayOutput.chunk(usage, call), geminiJsonArrayOutput.done(call)].join('');
    const items = JSON.parse(text);
    // The finishing chunk's text is held with the finish reason until usage arrives: one last item with all three.
    expect(items.map((i: any) => i.candidates[0].content.parts[0].text)).toEqual(['a', 'b']);
    expect(items[1]).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { totalTokenCount: 5 } });
    expect(geminiJsonArrayOutput.done(newCall())).toBe('[]');
  });

  it('JSON array: a failure closes the array with an error element', () => {
    const call = newCall();
    const started = geminiJsonArrayOutput.chunk(chunk('a'), call) ?? '';
    const items = JSON.parse(started + geminiJsonArrayOutput.streamError(new GatewayError('upstream_error', 'boom'), call));
    expect(items[1]).toEqual({ error: { code: 502, message: 'boom', status: 'UNAVAILABLE' } });
    expect(JSON.parse(geminiJsonArrayOutput.streamError(new GatewayError('upstream_error', 'boom'), newCall()))).toHaveLength(1);
  });

  it('embeddings: embedContent answers one vector, batchEmbedContents all in order', () => {
    const response = { model: 'm', data: [{ index: 0, embedding: [1] }, { index: 1, embedding: [2] }] };
    const call = newCall();
    expect(embedContentOutput.response(response, call)).toEqual({ embedding: { values: [1] } });
    expect(batchEmbedContentsOutput.response(response, call)).toEqual({ embeddings: [{ values: [1] }, { values: [2] }] });
  });
});
