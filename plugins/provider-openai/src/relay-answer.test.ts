import { Secret, type ConnectionSettings } from '@model-gateway/core';
import { OpenAiCompatibleConnection } from './openai-compatible-connection';
import { OPENAI_DIALECT } from './openai-connection';
import { openAiLayout } from './openai-layout';
import { hasContentList, relayedChatAnswerRewrite } from './relay-answer';

const completion = (message: Record<string, unknown>) => ({ id: 'r', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message, finish_reason: 'stop' }] });
const chunk = (delta: Record<string, unknown>) => ({ id: 'r', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: null }] });
const thinking = { type: 'thinking', thinking: [{ type: 'text', text: 'Let me see.' }] };

describe('relayed chat answer rewrite', () => {
  const rewrite = relayedChatAnswerRewrite({ label: 'Chunky', contentChunks: true })!;

  it('joins a whole answer’s content chunks: text as content, thinking as reasoning_content', () => {
    const answer = completion({ role: 'assistant', content: [thinking, { type: 'text', text: 'Hello' }, { type: 'text', text: '!' }], refusal: null });
    const before = JSON.stringify(answer);
    expect(rewrite.whole(answer)).toEqual(completion({ role: 'assistant', content: 'Hello!', reasoning_content: 'Let me see.', refusal: null }));
    expect(JSON.stringify(answer)).toBe(before);
  });

  it('joins a stream chunk’s delta: a thinking-only delta has no content, a text list becomes its string', () => {
    expect(rewrite.chunk(chunk({ content: [thinking] }))).toEqual(chunk({ reasoning_content: 'Let me see.' }));
    expect(rewrite.chunk(chunk({ content: [{ type: 'text', text: 'Hi' }] }))).toEqual(chunk({ content: 'Hi' }));
  });

  it('hands back answers with string content as they are, and joins signed reasoning chunks (Databricks) like any other', () => {
    const plain = chunk({ content: 'Hi' });
    expect(rewrite.chunk(plain)).toBe(plain);
    const signed = completion({ role: 'assistant', content: [{ type: 'reasoning', summary: [{ type: 'summary_text', text: 'why', signature: 'sig' }] }, { type: 'text', text: 'a' }] });
    expect(rewrite.whole(signed)).toEqual(completion({ role: 'assistant', content: 'a', reasoning_content: 'why' }));
  });

  it('is absent for a dialect whose answers are OpenAI’s (no per-call work), and for no dialect', () => {
    expect(relayedChatAnswerRewrite(undefined)).toBeUndefined();
    expect(relayedChatAnswerRewrite(OPENAI_DIALECT)).toBeUndefined();
    expect(relayedChatAnswerRewrite({ label: 'Groq', reasoningFields: ['reasoning'], dropFields: ['user'] })).toBeUndefined();
  });
});

describe('hasContentList', () => {
  const has = (text: string) => hasContentList(Buffer.from(text));

  it('finds a content member whose value is a list, compact or spaced', () => {
    expect(has('{"delta":{"content":[{"type":"text"}]}}')).toBe(true);
    expect(has('{"message": {"content" :\n [ ]}}')).toBe(true);
  });

  it('passes string, null and absent content, and a list under another member', () => {
    expect(has('{"delta":{"content":"[not a list]"}}')).toBe(false);
    expect(has('{"message":{"content":null,"tool_calls":[]}}')).toBe(false);
    expect(has('{"choices":[],"usage":{}}')).toBe(false);
    expect(has('{"content"')).toBe(false);
  });
});

describe('the passthrough target of an OpenAI-compatible connection', () => {
  const settings = (type: string): ConnectionSettings<{ organization?: string; project?: string }> => ({ name: 'acct', type, baseUrl: 'https://api.example.test/v1', apiKey: new Secret('k'), headers: {}, options: {} });

  it('carries the answer rewrite for chat only, and only when the dialect has one', () => {
    const chunky = new OpenAiCompatibleConnection(settings('chunky'), openAiLayout(settings('x')), { label: 'Chunky', contentChunks: true });
    expect(chunky.passthrough('openai', 'chat/completions', 'm')?.rewriteAnswer).toBeDefined();
    expect(chunky.passthrough('openai', 'embeddings', 'm')).not.toHaveProperty('rewriteAnswer');
    const plain = new OpenAiCompatibleConnection(settings('plain'), openAiLayout(settings('x')));
    expect(plain.passthrough('openai', 'chat/completions', 'm')).not.toHaveProperty('rewriteAnswer');
  });
});
