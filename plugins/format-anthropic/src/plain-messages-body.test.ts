import fc from 'fast-check';
import { decodeParsedMessagesBody } from './decode-request';
import { plainMessagesBody } from './plain-messages-body';
import { messagesBody, type WireMessagesBody } from './request-schema';

/** plainMessagesBody stands in for the zod schema on the bodies it accepts: it must never accept more, nor decode differently. */

const user = { role: 'user', content: 'Hi' };
const base = { model: 'm', max_tokens: 10, messages: [user] };

const plain: Array<[string, Record<string, unknown>]> = [
  ['the smallest body', base],
  ['every simple field', { ...base, system: 'Be brief.', stream: true, temperature: 0.7, top_p: 1, top_k: 5, stop_sequences: ['a', 'b'] }],
  ['null on every optional field', { ...base, system: null, stream: null, temperature: null, top_p: null, top_k: null, stop_sequences: null }],
  ['turns of both roles, with fields the codec does not read', { ...base, messages: [user, { role: 'assistant', content: '', id: 'x' }, { cache_control: { type: 'ephemeral' }, role: 'user', content: 'Go' }] }],
  ['edge values', { ...base, max_tokens: Number.MAX_SAFE_INTEGER, temperature: 0, top_p: 0, top_k: 0, stop_sequences: [], system: '' }],
];

const schemaOnly: Array<[string, Record<string, unknown>]> = [
  ['content blocks', { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }],
  ['a system prompt of blocks', { ...base, system: [{ type: 'text', text: 'A' }] }],
  ['a mid-conversation system turn', { ...base, messages: [user, { role: 'system', content: 'Now in French.' }] }],
  ['tools', { ...base, tools: [{ name: 'f', input_schema: { type: 'object' } }] }],
  ['thinking', { ...base, max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 } }],
  ['metadata', { ...base, metadata: { user_id: 'u' } }],
  ['a field the translation drops', { ...base, context_management: { edits: [] } }],
];

const invalid: Array<[string, unknown]> = [
  ['no max_tokens', { model: 'm', messages: [user] }],
  ['no model', { max_tokens: 10, messages: [user] }],
  ['an empty model', { ...base, model: '' }],
  ['no messages', { model: 'm', max_tokens: 10 }],
  ['empty messages', { ...base, messages: [] }],
  ['a message that is not an object', { ...base, messages: [null] }],
  ['an unknown role', { ...base, messages: [{ role: 'bot', content: 'x' }] }],
  ['no content', { ...base, messages: [{ role: 'user' }] }],
  ['numeric content', { ...base, messages: [{ role: 'user', content: 1 }] }],
  ['max_tokens of 0', { ...base, max_tokens: 0 }],
  ['a fractional max_tokens', { ...base, max_tokens: 1.5 }],
  ['an unsafe max_tokens', { ...base, max_tokens: 2 ** 53 }],
  ['temperature above 1', { ...base, temperature: 1.5 }],
  ['temperature as text', { ...base, temperature: '1' }],
  ['a negative top_k', { ...base, top_k: -1 }],
  ['stream as text', { ...base, stream: 'yes' }],
  ['a non-text stop sequence', { ...base, stop_sequences: ['a', 1] }],
  ['a numeric system prompt', { ...base, system: 5 }],
  ['a field another provider cannot honour', { ...base, container: 'c1' }],
];

/** The canonical request through the schema's parse (what every provider's encoder then reads). */
function viaSchema(body: Record<string, unknown>) {
  const parsed = messagesBody.safeParse(body);
  return parsed.success ? decodeParsedMessagesBody(parsed.data, body) : undefined;
}

function viaFast(fast: WireMessagesBody, body: Record<string, unknown>) {
  return decodeParsedMessagesBody(fast, body);
}

function decodeOrError(decode: () => unknown): unknown {
  try {
    return decode();
  } catch (error) {
    return (error as Error).message;
  }
}

describe('plainMessagesBody', () => {
  it.each(plain)("vouches for %s, which then decodes exactly as the schema's parse does", (_what, body) => {
    const fast = plainMessagesBody(body);
    expect(fast).toBe(body);
    expect(viaFast(fast as WireMessagesBody, body)).toEqual(viaSchema(body));
  });

  it.each(schemaOnly)('leaves a body with %s to the schema', (_what, body) => {
    expect(messagesBody.safeParse(body).success).toBe(true);
    expect(plainMessagesBody(body)).toBeUndefined();
  });

  it.each(invalid)('leaves a body with %s to the schema or the decoder, which refuse it', (_what, body) => {
    expect(plainMessagesBody(body as Record<string, unknown>)).toBeUndefined();
    const parsed = messagesBody.safeParse(body);
    if (parsed.success) expect(() => decodeParsedMessagesBody(parsed.data, body as Record<string, unknown>)).toThrow();
  });

  it('leaves a body with a __proto__ key to the schema', () => {
    expect(plainMessagesBody(JSON.parse('{"model":"m","max_tokens":1,"messages":[{"role":"user","content":"x"}],"__proto__":{"polluted":true}}'))).toBeUndefined();
    const turn = JSON.parse('{"role":"user","content":"x","__proto__":{"polluted":true}}');
    expect(plainMessagesBody({ ...base, messages: [turn] })).toBeUndefined();
  });

  /** Values around every boundary the fast path checks, of every JSON type. */
  const anyValue = fc.oneof(
    fc.constantFrom(null, true, false, '', 'x', 0, -0, 1, 2, -1, 1.5, 0.5, 2 ** 53, Number.MAX_SAFE_INTEGER),
    fc.double({ min: -2, max: 2, noNaN: true }),
    fc.integer({ min: -3, max: 3 }),
    fc.array(fc.constantFrom('a', 1, null), { maxLength: 3 }),
    fc.constantFrom({}, [], { type: 'text', text: 'x' }),
  );
  // Mostly valid, so the fast path is reached often; each part sometimes wrong, so its refusals are tried too.
  const mostly = <T, U>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<U>) => fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: other, weight: 1 });
  const turn = fc
    .record({
      role: mostly(fc.constantFrom('user', 'assistant'), fc.constantFrom('system', 'bot', null, 1)),
      content: mostly(fc.string({ maxLength: 5 }), anyValue),
    })
    .chain((required) => fc.dictionary(fc.constantFrom('id', 'cache_control', 'name'), anyValue, { maxKeys: 1 }).map((extra) => ({ ...extra, ...required })));
  const body = fc
    .dictionary(fc.constantFrom('system', 'stream', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'metadata', 'service_tier'), mostly(fc.constant(null), anyValue), { maxKeys: 4 })
    .chain((fields) =>
      fc
        .record({ model: mostly(fc.constant('m'), anyValue), max_tokens: mostly(fc.integer({ min: 1, max: 100 }), anyValue), messages: fc.array(turn, { minLength: 1, maxLength: 3 }) })
        .map((required) => ({ ...fields, ...required })),
    );

  it('never vouches for a random body the schema refuses, and decodes every one it vouches for as the schema does', () => {
    let vouched = 0;
    fc.assert(
      fc.property(body, (candidate: Record<string, unknown>) => {
        const fast = plainMessagesBody(candidate);
        if (fast === undefined) return;
        vouched += 1;
        expect(messagesBody.safeParse(candidate).success).toBe(true);
        expect(decodeOrError(() => viaFast(fast, candidate))).toEqual(decodeOrError(() => viaSchema(candidate)));
      }),
      { numRuns: 3000, seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined },
    );
    // The generator must reach the fast path often enough for the property to mean something.
    expect(vouched).toBeGreaterThan(300);
  });
});
