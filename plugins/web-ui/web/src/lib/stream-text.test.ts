import { answerText, parseServerTiming, SseTextReader, textOfEvent } from './stream-text';

describe('SseTextReader', () => {
  it('emits the text of each complete event, across pieces that split events anywhere', () => {
    const texts: string[] = [];
    const reader = new SseTextReader((t) => texts.push(t));
    const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
    const stream = chunk('Hel') + chunk('lo') + 'data: [DONE]\n\n';
    for (let i = 0; i < stream.length; i += 7) reader.push(stream.slice(i, i + 7));
    reader.end();
    expect(texts).toEqual(['Hel', 'lo']);
  });

  it('reads CRLF-separated events and a last event without its blank line', () => {
    const texts: string[] = [];
    const reader = new SseTextReader((t) => texts.push(t));
    reader.push('event: x\r\ndata: {"type":"response.output_text.delta","delta":"a"}\r\n\r\ndata: {"type":"response.output_text.delta","delta":"b"}');
    reader.end();
    expect(texts).toEqual(['a', 'b']);
  });
});

describe('textOfEvent', () => {
  it('reads text from every streamed format the gateway speaks', () => {
    expect(textOfEvent({ choices: [{ delta: { content: 'chat' } }] })).toBe('chat');
    expect(textOfEvent({ type: 'response.output_text.delta', delta: 'responses' })).toBe('responses');
    expect(textOfEvent({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'claude' } })).toBe('claude');
    expect(textOfEvent({ candidates: [{ content: { parts: [{ text: 'gem' }, { text: 'ini' }] } }] })).toBe('gemini');
  });

  it('ignores events without text (roles, usage, tool arguments, thoughts)', () => {
    expect(textOfEvent({ choices: [{ delta: { role: 'assistant' } }] })).toBe('');
    expect(textOfEvent({ type: 'content_block_delta', delta: { type: 'input_json_delta', partial_json: '{' } })).toBe('');
    expect(textOfEvent({ candidates: [{ content: { parts: [{ text: 'hmm', thought: true }] } }] })).toBe('');
    expect(textOfEvent({ usage: { prompt_tokens: 1 } })).toBe('');
  });
});

describe('parseServerTiming', () => {
  it('reads each metric with a duration', () => {
    expect(parseServerTiming('gateway;dur=1.25, upstream;dur=30, retry-wait;dur=200')).toEqual([
      { name: 'gateway', ms: 1.25 },
      { name: 'upstream', ms: 30 },
      { name: 'retry-wait', ms: 200 },
    ]);
    expect(parseServerTiming(null)).toEqual([]);
    expect(parseServerTiming('cache;desc="hit"')).toEqual([]);
  });
});

describe('answerText', () => {
  const json = (value: unknown) => JSON.stringify(value);

  it('reads the text of a whole answer in every format the gateway answers in', () => {
    expect(answerText(json({ object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'chat' } }] }))).toBe('chat');
    expect(answerText(json({ choices: [{ message: { content: [{ type: 'text', text: 'pa' }, { type: 'text', text: 'rts' }] } }] }))).toBe('parts');
    expect(
      answerText(json({ object: 'response', output: [{ type: 'reasoning', summary: [] }, { type: 'message', content: [{ type: 'output_text', text: 'responses' }] }] })),
    ).toBe('responses');
    expect(answerText(json({ type: 'message', content: [{ type: 'thinking', thinking: 'hmm' }, { type: 'text', text: 'claude' }] }))).toBe('claude');
    expect(answerText(json({ candidates: [{ content: { parts: [{ text: 'hidden', thought: true }, { text: 'gemini' }] } }] }))).toBe('gemini');
  });

  it('has no text for errors, embeddings, tool calls only, or a body that is not JSON', () => {
    expect(answerText(json({ error: { message: 'bad', type: 'invalid_request_error' } }))).toBeUndefined();
    expect(answerText(json({ object: 'list', data: [{ object: 'embedding', embedding: [0.1] }] }))).toBeUndefined();
    expect(answerText(json({ choices: [{ message: { content: null, tool_calls: [{ id: 'c' }] } }] }))).toBeUndefined();
    expect(answerText('<html>502</html>')).toBeUndefined();
    expect(answerText('')).toBeUndefined();
  });
});
