import type { OpenAiRequest } from '../openai-fake';
import { mistralRefusal, mistralToolCallIdRule } from './mistral-chat';

const chat = (body: unknown) => ({ kind: 'chat', body }) as OpenAiRequest;

describe("the Mistral fake's rules", () => {
  it('takes a body in Mistral\'s fields and roles', () => {
    const body = { model: 'm', random_seed: 1, max_tokens: 5, safe_prompt: false, messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'u' }, { role: 'assistant', content: 'a', prefix: false }, { role: 'tool', tool_call_id: 'abcdefghi', name: 'f', content: 't' }] };
    expect(mistralRefusal(chat(body))).toBeUndefined();
  });

  it("answers OpenAI's fields, a developer role and echoed answer fields with one 422 listing each, as Mistral does", () => {
    const body = { model: 'm', seed: 1, stream_options: {}, messages: [{ role: 'developer', content: 'd' }, { role: 'assistant', content: 'a', refusal: null }] };
    const refusal = mistralRefusal(chat(body))!;
    expect(refusal.status).toBe(422);
    expect(refusal.body).toMatchObject({ object: 'error', type: 'invalid_request_error' });
    const detail = (refusal.body as any).message.detail;
    expect(detail.map((d: any) => [d.type, d.loc])).toEqual([
      ['extra_forbidden', ['body', 'seed']],
      ['extra_forbidden', ['body', 'stream_options']],
      ['union_tag_invalid', ['body', 'messages', 0]],
      ['extra_forbidden', ['body', 'messages', 1, 'assistant', 'refusal']],
    ]);
    expect(detail[0].msg).toBe('Extra inputs are not permitted');
  });

  it('knows output_dimension and refuses dimensions on embeddings', () => {
    expect(mistralRefusal({ kind: 'embeddings', body: { model: 'e', input: ['a'], output_dimension: 8 } } as OpenAiRequest)).toBeUndefined();
    expect((mistralRefusal({ kind: 'embeddings', body: { model: 'e', input: ['a'], dimensions: 8 } } as OpenAiRequest)!.body as any).message.detail[0].loc).toEqual(['body', 'dimensions']);
  });

  it('refuses tool call ids that are not nine letters or digits', () => {
    expect(mistralToolCallIdRule(chat({ messages: [{ role: 'tool', tool_call_id: 'call_1', content: 'x' }] }))).toMatch(/call_1/);
    expect(mistralToolCallIdRule(chat({ messages: [{ role: 'tool', tool_call_id: 'abcdefghi', content: 'x' }] }))).toBeUndefined();
  });
});
