import YAML from 'yaml';
import { interpolateEnv } from './interpolate-env';

/** `${VAR}` substitution over an already-parsed YAML tree. */
describe('interpolateEnv', () => {
  it('replaces ${VAR} with the variable, inside a longer string too', () => {
    const { value, unset } = interpolateEnv({ url: 'http://${HOST}:8000/v1', key: '${KEY}' }, { HOST: 'models.local', KEY: 'sk-1' });
    expect(value).toEqual({ url: 'http://models.local:8000/v1', key: 'sk-1' });
    expect(unset).toEqual([]);
  });

  it('uses the default of ${VAR:-default} when the variable is unset, and the variable when set', () => {
    const tree = { a: '${A:-fallback}', b: '${B:-fallback}' };
    const { value, unset } = interpolateEnv(tree, { B: 'given' });
    expect(value).toEqual({ a: 'fallback', b: 'given' });
    // A default is a deliberate choice, not something to warn about.
    expect(unset).toEqual([]);
  });

  it('treats an empty variable like an unset one when there is a default (shell :- semantics)', () => {
    const { value } = interpolateEnv({ a: '${A:-fallback}' }, { A: '' });
    expect(value).toEqual({ a: 'fallback' });
  });

  it('allows an empty default: ${VAR:-} is "" and not reported', () => {
    const { value, unset } = interpolateEnv({ redis: '${REDIS_URL:-}' }, {});
    expect(value).toEqual({ redis: '' });
    expect(unset).toEqual([]);
  });

  it('turns $${ into a literal ${ without substituting', () => {
    const { value, unset } = interpolateEnv({ text: 'cost: $${PRICE} and ${X}' }, { PRICE: 'nope', X: 'x' });
    expect(value).toEqual({ text: 'cost: ${PRICE} and x' });
    expect(unset).toEqual([]);
  });

  it('makes an unset variable without default "" and reports it with its YAML path', () => {
    const tree = { providers: { acme: { type: 'acme', api_key: '${ACME_API_KEY}' } } };
    const { value, unset } = interpolateEnv(tree, {});
    expect(value).toEqual({ providers: { acme: { type: 'acme', api_key: '' } } });
    expect(unset).toEqual([{ path: 'providers.acme.api_key', variable: 'ACME_API_KEY' }]);
  });

  it('walks nested lists and mappings, naming list items by index', () => {
    const tree = { endpoints: [{ name: 'a', model: '${M1}' }, { name: 'b', model: '${M2}', tags: ['${T}', 'x'] }] };
    const { value, unset } = interpolateEnv(tree, { M1: 'model-1' });
    expect(value).toEqual({ endpoints: [{ name: 'a', model: 'model-1' }, { name: 'b', model: '', tags: ['', 'x'] }] });
    expect(unset).toEqual([
      { path: 'endpoints[1].model', variable: 'M2' },
      { path: 'endpoints[1].tags[0]', variable: 'T' },
    ]);
  });

  it('records which variable each path used, so errors can name a key source without the key', () => {
    const { sources } = interpolateEnv({ providers: { o: { api_key: '${ACME_API_KEY}' } }, plain: 'x' }, { ACME_API_KEY: 'sk-secret' });
    expect(sources.get('providers.o.api_key')).toBe('ACME_API_KEY');
    expect(sources.has('plain')).toBe(false);
    expect([...sources.values()].join()).not.toContain('sk-secret');
  });

  it('leaves numbers, booleans and null untouched', () => {
    const tree = { port: 8080, on: true, off: false, nothing: null, ratio: 0.5 };
    const { value } = interpolateEnv(tree, {});
    expect(value).toEqual(tree);
  });

  it('does not substitute inside mapping keys', () => {
    const { value } = interpolateEnv({ '${K}': 'v' }, { K: 'injected' });
    expect(value).toEqual({ '${K}': 'v' });
  });

  it('ignores names that are not variable names', () => {
    const { value, unset } = interpolateEnv({ a: '${1BAD} ${not-a-var}' }, {});
    expect(value).toEqual({ a: '${1BAD} ${not-a-var}' });
    expect(unset).toEqual([]);
  });

  it('does not mutate the input tree', () => {
    const tree = { a: '${A}', list: ['${A}'] };
    interpolateEnv(tree, { A: 'x' });
    expect(tree).toEqual({ a: '${A}', list: ['${A}'] });
  });

  it('cannot inject YAML structure: a value with a newline and a key stays one string', () => {
    // Interpolation after parsing is the whole point: the env var is data, never YAML.
    const tree = YAML.parse('server:\n  host: "${HOST}"\n');
    const { value } = interpolateEnv(tree, { HOST: '127.0.0.1\nfoo: bar\nendpoints: [evil]' });
    expect(value).toEqual({ server: { host: '127.0.0.1\nfoo: bar\nendpoints: [evil]' } });
    expect(Object.keys(value as object)).toEqual(['server']);
  });

  it('does not expand a variable whose value itself looks like ${OTHER}', () => {
    const { value, unset } = interpolateEnv({ a: '${A}' }, { A: '${SECRET}', SECRET: 'leaked' });
    expect(value).toEqual({ a: '${SECRET}' });
    expect(unset).toEqual([]);
  });
});
