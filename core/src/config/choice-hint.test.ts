import { choiceHint } from './choice-hint';

const quote = (value: string) => JSON.stringify(value);
const MANY = ['acme', 'cloud-acme', 'zenith', 'nimbus', 'mock', 'orbit', 'quasar', 'quasar-cn', 'pulsar', 'pulsar-cn', 'local-a', 'local-b', 'local-c', 'studio', 'localhost-ai', 'janus'];

describe('choiceHint', () => {
  it('lists few choices in full', () => {
    expect(choiceHint(['acme', 'mock'], 'x', quote, 'one of ')).toBe('one of "acme", "mock"');
    expect(choiceHint(['acme', 'mock'], 'x', (t) => t)).toBe('acme, mock');
  });

  it('names where many choices are listed, and the closest to a typo', () => {
    expect(choiceHint(MANY, 'acem', quote)).toBe('one of 16 provider types; GET /api/providers or config/reference.md lists them; did you mean "acme"?');
    expect(choiceHint(MANY, 'quasar-c', quote)).toBe('one of 16 provider types; GET /api/providers or config/reference.md lists them; did you mean "quasar-cn" or "quasar"?');
  });

  it('offers prefixes of three letters or more as close', () => {
    expect(choiceHint(MANY, 'cloud', quote)).toMatch(/did you mean "cloud-acme"\?$/);
  });

  it('suggests nothing when nothing is close, or nothing was written', () => {
    expect(choiceHint(MANY, 'tectonicish', quote)).toBe('one of 16 provider types; GET /api/providers or config/reference.md lists them');
    expect(choiceHint(MANY, undefined, quote)).toBe('one of 16 provider types; GET /api/providers or config/reference.md lists them');
  });
});
