import { presentedKey, type CredentialSources } from './presented-key';

const SOURCES: CredentialSources = { headers: ['x-api-key', 'x-goog-api-key', 'api-key'], query: ['key'] };
const KEY = `mgw-${'a'.repeat(43)}`;
const OTHER = `mgw-${'b'.repeat(43)}`;

describe('presentedKey', () => {
  it.each([
    ['Authorization: Bearer', { authorization: `Bearer ${KEY}` }, '/x'],
    ['a lower-case bearer scheme', { authorization: `bearer ${KEY}` }, '/x'],
    ['x-api-key (Anthropic SDK)', { 'x-api-key': KEY }, '/x'],
    ['x-goog-api-key (google-genai)', { 'x-goog-api-key': KEY }, '/x'],
    ['api-key (Azure SDKs)', { 'api-key': ` ${KEY} ` }, '/x'],
    ['?key= (Gemini REST)', {}, `/x?alt=sse&key=${KEY}`],
  ])('finds the key in %s', (_where, headers, url) => {
    expect(presentedKey(headers, url, SOURCES)).toBe(KEY);
  });

  it('prefers a gateway key over a placeholder in another place', () => {
    expect(presentedKey({ authorization: 'Bearer sk-placeholder', 'x-api-key': KEY }, '/x', SOURCES)).toBe(KEY);
    expect(presentedKey({ 'x-api-key': 'placeholder' }, `/x?key=${KEY}`, SOURCES)).toBe(KEY);
  });

  it('takes Authorization first when two gateway keys are sent', () => {
    expect(presentedKey({ authorization: `Bearer ${KEY}`, 'x-api-key': OTHER }, '/x', SOURCES)).toBe(KEY);
  });

  it('presents the first other credential when none looks like a gateway key (refused as malformed)', () => {
    expect(presentedKey({ authorization: 'Bearer sk-live-1', 'x-api-key': 'two' }, '/x', SOURCES)).toBe('sk-live-1');
    expect(presentedKey({ authorization: 'Basic dXNlcjpwYXNz' }, '/x', SOURCES)).toBe('Basic dXNlcjpwYXNz');
  });

  it('presents nothing when no credential, or only empty ones, are sent', () => {
    expect(presentedKey({}, '/x', SOURCES)).toBeUndefined();
    expect(presentedKey({ authorization: 'Bearer ', 'x-api-key': '' }, '/x?key=', SOURCES)).toBeUndefined();
  });

  it('ignores headers and parameters no loaded API style declares', () => {
    expect(presentedKey({ 'x-custom-key': KEY }, `/x?api_key=${KEY}`, SOURCES)).toBeUndefined();
    expect(presentedKey({ 'x-api-key': KEY }, '/x', { headers: [], query: [] })).toBeUndefined();
  });
});
