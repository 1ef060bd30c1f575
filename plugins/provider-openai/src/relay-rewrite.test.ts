import type { OpenAiDialect } from './openai-dialect';
import { OPENAI_DIALECT } from './openai-connection';
import { relayedChatRewrite, relayedEmbeddingsRewrite } from './relay-rewrite';

/** A dialect shaped like Mistral's, kept here so the test reads without the provider package. */
const STRICT: OpenAiDialect = {
  label: 'Strict',
  unsupported: [{ field: 'logit_bias' }],
  dropFields: ['user'],
  renameFields: { seed: 'random_seed', max_completion_tokens: 'max_tokens' },
  toolChoiceValues: { required: 'any' },
  streamOptions: false,
  toolCallIds: { pattern: /^[a-zA-Z0-9]{9}$/, length: 9 },
  renameEmbeddingsFields: { dimensions: 'output_dimension' },
  messageRoles: { developer: 'system' },
  dropMessageFields: ['refusal', 'annotations'],
};

describe('relayed body rewrites', () => {
  const rewrite = relayedChatRewrite(STRICT)!;

  it('spells a client-written chat body in the dialect: fields, roles, echoed answer fields, tool choice, tool call ids', () => {
    const body = {
      model: 'ep',
      stream: true,
      stream_options: { include_usage: true },
      seed: 7,
      max_completion_tokens: 64,
      user: 'u-1',
      tool_choice: 'required',
      messages: [
        { role: 'developer', content: 'Be brief.' },
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: null, refusal: null, annotations: [], tool_calls: [{ id: 'call_abc', type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call_abc', content: 'sunny' },
      ],
    };
    const out = rewrite(body) as any;
    expect(out).toEqual({
      model: 'ep',
      stream: true,
      random_seed: 7,
      max_tokens: 64,
      tool_choice: 'any',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: null, tool_calls: [{ id: out.messages[3].tool_call_id, type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: out.messages[3].tool_call_id, content: 'sunny' },
      ],
    });
    expect(out.messages[3].tool_call_id).toMatch(/^[a-zA-Z0-9]{9}$/);
  });

  it("leaves the client's body alone (it may be relayed again to a fallback) and reuses messages it does not change", () => {
    const user = { role: 'user', content: 'hi' };
    const body = { model: 'ep', seed: 1, messages: [user, { role: 'developer', content: 'x' }] };
    const out = rewrite(body) as any;
    expect(body).toEqual({ model: 'ep', seed: 1, messages: [user, { role: 'developer', content: 'x' }] });
    expect(out.messages[0]).toBe(user);
  });

  it('does not refuse on a relayed call (the provider answers for itself) and keeps fields it does not know', () => {
    expect(rewrite({ model: 'ep', logit_bias: { 1: 1 }, safe_prompt: true, messages: [] })).toEqual({ model: 'ep', logit_bias: { 1: 1 }, safe_prompt: true, messages: [] });
  });

  it('keeps a role that is no rename, whatever its spelling', () => {
    expect((rewrite({ messages: [{ role: 'constructor', content: 'x' }] }) as any).messages[0].role).toBe('constructor');
  });

  it('drops the name of tool messages only, for a dialect that refuses it there', () => {
    const noToolName = relayedChatRewrite({ label: 'NoName', toolMessageName: false })!;
    const out = noToolName({ messages: [{ role: 'user', name: 'ann', content: 'hi' }, { role: 'tool', name: 'f', tool_call_id: 'c', content: 'ok' }] }) as any;
    expect(out.messages).toEqual([{ role: 'user', name: 'ann', content: 'hi' }, { role: 'tool', tool_call_id: 'c', content: 'ok' }]);
  });

  it('renames embeddings fields, and returns a body without them as it is', () => {
    const embeddings = relayedEmbeddingsRewrite(STRICT)!;
    expect(embeddings({ model: 'ep', input: 'a', dimensions: 256 })).toEqual({ model: 'ep', input: 'a', output_dimension: 256 });
    const plain = { model: 'ep', input: 'a' };
    expect(embeddings(plain)).toBe(plain);
  });

  it('is undefined, so the relay does nothing per call, for no dialect, OpenAI itself, or a dialect of translation-only rules', () => {
    expect(relayedChatRewrite(undefined)).toBeUndefined();
    expect(relayedChatRewrite(OPENAI_DIALECT)).toBeUndefined();
    expect(relayedChatRewrite({ ...OPENAI_DIALECT, renameFields: { max_tokens: 'max_completion_tokens' } })).toBeUndefined();
    expect(relayedChatRewrite({ label: 'TopK', topKField: 'top_k', reasoningFields: ['reasoning'] })).toBeUndefined();
    expect(relayedEmbeddingsRewrite({ label: 'TopK', topKField: 'top_k' })).toBeUndefined();
  });
});
