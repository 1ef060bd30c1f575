import type { OpenAiDialect } from './openai-dialect';
import { joinContentChunks, normalizeAnswer } from './normalize-answer';

const response = (message: Record<string, unknown>) => ({ id: 'r', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message, finish_reason: 'stop' }] });
const chunk = (delta: Record<string, unknown>) => ({ id: 'r', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: null }] });

describe('normalizeAnswer', () => {
  const groq: OpenAiDialect = { label: 'Groq', reasoningFields: ['reasoning'] };
  const mistral: OpenAiDialect = { label: 'Mistral', contentChunks: true };

  it('moves reasoning from another field to reasoning_content, in messages and deltas', () => {
    expect(normalizeAnswer(response({ role: 'assistant', content: 'a', reasoning: 'r' }), 'message', groq)).toEqual(response({ role: 'assistant', content: 'a', reasoning_content: 'r' }));
    expect(normalizeAnswer(chunk({ reasoning: 'r' }), 'delta', groq)).toEqual(chunk({ reasoning_content: 'r' }));
  });

  it('keeps reasoning_content when the provider sent both', () => {
    expect(normalizeAnswer(chunk({ reasoning_content: 'a', reasoning: 'b' }), 'delta', groq)).toEqual(chunk({ reasoning_content: 'a' }));
  });

  it('joins text chunks into content and thinking chunks into reasoning_content (Mistral reasoning models)', () => {
    const content = [
      { type: 'thinking', thinking: [{ type: 'text', text: 'first ' }, { type: 'text', text: 'second' }] },
      { type: 'text', text: 'Hello' },
      { type: 'text', text: '!' },
    ];
    expect(normalizeAnswer(response({ role: 'assistant', content }), 'message', mistral)).toEqual(
      response({ role: 'assistant', content: 'Hello!', reasoning_content: 'first second' }),
    );
  });

  it('reads Databricks-style reasoning chunks (summary_text parts) as reasoning', () => {
    const content = [{ type: 'reasoning', summary: [{ type: 'summary_text', text: 'why', signature: 'sig' }] }, { type: 'text', text: 'answer' }];
    expect(normalizeAnswer(response({ role: 'assistant', content }), 'message', mistral)).toEqual(response({ role: 'assistant', content: 'answer', reasoning_content: 'why' }));
  });

  it('gives null content to a message with only thinking, and no content to such a delta', () => {
    const content = [{ type: 'thinking', thinking: 'hmm' }];
    expect(normalizeAnswer(response({ role: 'assistant', content }), 'message', mistral)).toEqual(response({ role: 'assistant', content: null, reasoning_content: 'hmm' }));
    expect(normalizeAnswer(chunk({ content }), 'delta', mistral)).toEqual(chunk({ reasoning_content: 'hmm' }));
  });

  it('leaves string content, usage-only chunks and answers without choices alone', () => {
    expect(normalizeAnswer(chunk({ content: 'x' }), 'delta', mistral)).toEqual(chunk({ content: 'x' }));
    const usage = { id: 'r', choices: [], usage: { prompt_tokens: 1, completion_tokens: 1 } };
    expect(normalizeAnswer(usage, 'delta', groq)).toEqual(usage);
    expect(normalizeAnswer({ error: { message: 'x' } }, 'message', groq)).toEqual({ error: { message: 'x' } });
  });
});

describe('normalizeAnswer on answers with nothing to move', () => {
  it('hands back the answer itself, unchanged, rather than a copy', () => {
    const groq: OpenAiDialect = { label: 'Groq', reasoningFields: ['reasoning'], contentChunks: true };
    const plain = { id: 'r', choices: [{ index: 0, message: { role: 'assistant', content: 'a', reasoning_content: 'kept' } }, 'not an object'] };
    const before = JSON.stringify(plain);
    expect(normalizeAnswer(plain, 'message', groq)).toBe(plain);
    expect(JSON.stringify(plain)).toBe(before);
    // A non-string value under a reasoning field is not reasoning, before or after this change.
    const odd = { id: 'r', choices: [{ index: 0, delta: { reasoning: { effort: 'low' } } }] };
    expect(normalizeAnswer(odd, 'delta', groq)).toBe(odd);
  });
});

describe('joinContentChunks (the relay’s share of normalizeAnswer)', () => {
  it('joins content chunks as normalizeAnswer does for a content-chunk dialect, and nothing else', () => {
    const content = [{ type: 'thinking', thinking: [{ type: 'text', text: 'hmm' }] }, { type: 'text', text: 'Hi' }];
    expect(joinContentChunks(response({ role: 'assistant', content }), 'message')).toEqual(normalizeAnswer(response({ role: 'assistant', content }), 'message', { label: 'M', contentChunks: true }));
    // Reasoning under another field is a dialect's extra field, left to the client on the relay.
    const groqStyle = chunk({ reasoning: 'r' });
    expect(joinContentChunks(groqStyle, 'delta')).toBe(groqStyle);
  });

  it('joins a list with signed reasoning too (Databricks), as the unified decoder does: the text is read, the signature left out', () => {
    const signed = chunk({ content: [{ type: 'reasoning', summary: [{ type: 'summary_text', text: 'why', signature: 'sig' }] }] });
    expect(joinContentChunks(signed, 'delta')).toEqual(chunk({ reasoning_content: 'why' }));
    expect(joinContentChunks(signed, 'delta')).toEqual(normalizeAnswer(signed, 'delta', { label: 'D', contentChunks: true }));
  });
});
