import fc from 'fast-check';
import { chatBody, chatBodyWithModel, type WireChatBody } from './chat-request-schema';
import { decodeParsedChatBody } from './decode-chat-request';
import { encodeChatRequest } from './encode-chat-request';
import { plainChatBody } from './plain-chat-body';

/** plainChatBody stands in for the zod schema on the bodies it accepts: it must never accept more, nor decode differently. */

const user = { role: 'user', content: 'Hi' };

const plain: Array<[string, Record<string, unknown>]> = [
  ['the smallest body', { model: 'm', messages: [user] }],
  [
    'every simple field, and fields the codec does not model',
    {
      metadata: { trace: 'a' }, model: 'm', temperature: 0.7, top_p: 1, n: 1, max_tokens: 10, presence_penalty: -2, frequency_penalty: 2,
      stream: true, stream_options: { include_usage: true }, stop: ['a', 'b'], seed: -42, user: 'u-1', parallel_tool_calls: false,
      reasoning_effort: 'low', logit_bias: { 50256: -100 }, store: true, messages: [user],
    },
  ],
  ['null on every optional field', { model: 'm', messages: [user], temperature: null, top_p: null, n: null, max_tokens: null, max_completion_tokens: 5, presence_penalty: null, frequency_penalty: null, stream: null, stream_options: null, stop: null, seed: null, user: null, parallel_tool_calls: null, reasoning_effort: null }],
  [
    'messages of every plain role, with names and fields the codec does not model',
    {
      model: 'm',
      messages: [
        { role: 'system', content: 'Be brief.', name: null },
        { cache_control: { type: 'ephemeral' }, role: 'developer', content: '' },
        { role: 'user', content: 'Hi', name: 'ann', refusal: null, tool_call_id: null },
        { role: 'assistant', content: 'Hello', refusal: 'no', audio: { id: 'a1' } },
      ],
    },
  ],
  ['edge values', { model: 'm', messages: [user], temperature: 0, top_p: 0, stop: 'END', stream_options: {}, max_completion_tokens: Number.MAX_SAFE_INTEGER }],
  ['a negative zero', { model: 'm', messages: [user], temperature: -0 }],
  ['no model, or any model, when the endpoint names it', { model: 42, messages: [user] }],
];

const schemaOnly: Array<[string, Record<string, unknown>]> = [
  ['tools', { model: 'm', messages: [user], tools: [{ type: 'function', function: { name: 'f' } }], tool_choice: 'auto' }],
  ['a response format', { model: 'm', messages: [user], response_format: { type: 'json_object' } }],
  ['content parts', { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }],
  ['a tool turn', { model: 'm', messages: [user, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'c1', content: 'ok' }] }],
  ['stream options the codec does not model', { model: 'm', messages: [user], stream: true, stream_options: { include_obfuscation: false, include_usage: true } }],
];

const invalid: Array<[string, unknown]> = [
  ['no messages', { model: 'm' }],
  ['empty messages', { model: 'm', messages: [] }],
  ['messages that are not a list', { model: 'm', messages: user }],
  ['a message that is not an object', { model: 'm', messages: [null] }],
  ['a message that is a list', { model: 'm', messages: [[]] }],
  ['an unknown role', { model: 'm', messages: [{ role: 'bot', content: 'x' }] }],
  ['no role', { model: 'm', messages: [{ content: 'x' }] }],
  ['no content', { model: 'm', messages: [{ role: 'user' }] }],
  ['numeric content', { model: 'm', messages: [{ role: 'user', content: 1 }] }],
  ['a numeric name', { model: 'm', messages: [{ role: 'user', content: 'x', name: 1 }] }],
  ['temperature above 2', { model: 'm', messages: [user], temperature: 2.5 }],
  ['an infinite temperature', { model: 'm', messages: [user], temperature: Infinity }],
  ['temperature as text', { model: 'm', messages: [user], temperature: '1' }],
  ['top_p above 1', { model: 'm', messages: [user], top_p: 1.1 }],
  ['a penalty below -2', { model: 'm', messages: [user], presence_penalty: -3 }],
  ['n of 0', { model: 'm', messages: [user], n: 0 }],
  ['a fractional n', { model: 'm', messages: [user], n: 1.5 }],
  ['max_tokens of 0', { model: 'm', messages: [user], max_tokens: 0 }],
  ['an unsafe max_tokens', { model: 'm', messages: [user], max_tokens: 2 ** 53 }],
  ['both token limits', { model: 'm', messages: [user], max_tokens: 5, max_completion_tokens: 5 }],
  ['stream as text', { model: 'm', messages: [user], stream: 'yes' }],
  ['a non-text stop', { model: 'm', messages: [user], stop: ['a', 1] }],
  ['a fractional seed', { model: 'm', messages: [user], seed: 1.5 }],
  ['a numeric user', { model: 'm', messages: [user], user: 5 }],
  ['an unknown effort', { model: 'm', messages: [user], reasoning_effort: 'max' }],
  ['include_usage as text', { model: 'm', messages: [user], stream_options: { include_usage: 'yes' } }],
  ['stream options as a list', { model: 'm', messages: [user], stream_options: [] }],
];

function schemaParse(body: unknown, requireModel: boolean) {
  return (requireModel ? chatBodyWithModel : chatBody).safeParse(body);
}

describe('plainChatBody', () => {
  it.each(plain)('vouches for %s, which then decodes and encodes exactly as the schema\'s parse does', (_what, body) => {
    for (const requireModel of [false, true]) {
      const parsed = schemaParse(body, requireModel);
      if (!parsed.success) {
        expect(plainChatBody(body, requireModel)).toBeUndefined();
        continue;
      }
      const fast = plainChatBody(body, requireModel);
      expect(fast).toBe(body);
      const viaSchema = decodeParsedChatBody(parsed.data, { requireModel });
      const viaFast = decodeParsedChatBody(fast as WireChatBody, { requireModel });
      expect(viaFast).toEqual(viaSchema);
      // Byte for byte what reaches an OpenAI-format provider, key order included.
      expect(JSON.stringify(encodeChatRequest(viaFast.request, 'up'))).toBe(JSON.stringify(encodeChatRequest(viaSchema.request, 'up')));
    }
  });

  it('needs a non-empty text model only when the body must name one', () => {
    expect(plainChatBody({ model: 42, messages: [user] }, true)).toBeUndefined();
    expect(plainChatBody({ model: '', messages: [user] }, true)).toBeUndefined();
    expect(plainChatBody({ messages: [user] }, true)).toBeUndefined();
    expect(plainChatBody({ messages: [user] }, false)).toBeDefined();
  });

  it.each(schemaOnly)('leaves a body with %s to the schema', (_what, body) => {
    expect(schemaParse(body, true).success).toBe(true);
    expect(plainChatBody(body, true)).toBeUndefined();
  });

  it.each(invalid)('leaves a body with %s to the schema, which refuses it', (_what, body) => {
    for (const requireModel of [false, true]) {
      expect(schemaParse(body, requireModel).success).toBe(false);
      expect(plainChatBody(body as Record<string, unknown>, requireModel)).toBeUndefined();
    }
  });

  it('leaves a body with a __proto__ key to the schema', () => {
    const body = JSON.parse('{"model":"m","messages":[{"role":"user","content":"x"}],"__proto__":{"polluted":true}}');
    expect(plainChatBody(body, true)).toBeUndefined();
    const message = JSON.parse('{"role":"user","content":"x","__proto__":{"polluted":true}}');
    expect(plainChatBody({ model: 'm', messages: [message] }, true)).toBeUndefined();
  });

  /** Values around every boundary the fast path checks, of every JSON type. */
  const anyValue = fc.oneof(
    fc.constantFrom(null, true, false, '', 'x', 'low', 'max', 0, -0, 1, 2, -2, 1.5, 2.5, -3, 2 ** 53, Number.MAX_SAFE_INTEGER),
    fc.double({ min: -3, max: 3, noNaN: true }),
    fc.integer({ min: -5, max: 5 }),
    fc.array(fc.constantFrom('a', 1, null), { maxLength: 3 }),
    fc.constantFrom({}, { include_usage: true }, { include_usage: 'yes' }, { include_usage: null, other: 1 }, []),
  );
  // Mostly valid, so the fast path is reached often; each part sometimes wrong, so its refusals are tried too.
  const mostly = <T, U>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<U>) => fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: other, weight: 1 });
  const message = fc
    .record({
      role: mostly(fc.constantFrom('system', 'developer', 'user', 'assistant'), fc.constantFrom('tool', 'bot', null, 1)),
      content: mostly(fc.string({ maxLength: 5 }), anyValue),
    })
    .chain((base) =>
      fc
        .dictionary(fc.constantFrom('name', 'refusal', 'tool_call_id', 'audio', 'tool_calls'), mostly(fc.constantFrom(null, 'n'), anyValue), { maxKeys: 2 })
        .map((extra) => ({ ...extra, ...base })),
    );
  const body = fc
    .dictionary(
      fc.constantFrom(
        'model', 'temperature', 'top_p', 'presence_penalty', 'frequency_penalty', 'n', 'max_tokens', 'max_completion_tokens',
        'seed', 'stream', 'parallel_tool_calls', 'user', 'reasoning_effort', 'stop', 'stream_options', 'metadata', 'store',
      ),
      mostly(fc.constant(null), anyValue),
      { maxKeys: 5 },
    )
    .chain((fields) =>
      fc
        .record({ model: mostly(fc.constant('m'), anyValue), messages: fc.array(message, { minLength: 1, maxLength: 3 }) })
        .map((required) => ({ ...fields, ...required })),
    );

  it('never vouches for a random body the schema refuses, and decodes every one it vouches for as the schema does', () => {
    let vouched = 0;
    fc.assert(
      fc.property(body, fc.boolean(), (candidate, requireModel) => {
        const fast = plainChatBody(candidate, requireModel);
        if (fast === undefined) return;
        vouched += 1;
        const parsed = schemaParse(candidate, requireModel);
        expect(parsed.success).toBe(true);
        if (!parsed.success) return;
        const viaSchema = decodeParsedChatBody(parsed.data, { requireModel });
        const viaFast = decodeParsedChatBody(fast, { requireModel });
        expect(viaFast).toEqual(viaSchema);
        expect(JSON.stringify(encodeChatRequest(viaFast.request, 'up'))).toBe(JSON.stringify(encodeChatRequest(viaSchema.request, 'up')));
      }),
      { numRuns: 3000, seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined },
    );
    // The generator must reach the fast path often enough for the property to mean something.
    expect(vouched).toBeGreaterThan(300);
  });
});
