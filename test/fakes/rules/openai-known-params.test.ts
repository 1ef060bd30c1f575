import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_COMPLETIONS_FIELDS, unrecognizedArgument } from './openai-known-params';

/** The keys of one exported interface of a .d.ts: its members at the interface's own indentation, nested types skipped. */
function interfaceKeys(declarations: string, name: string): string[] {
  const start = declarations.indexOf(`export interface ${name} {`);
  if (start < 0) throw new Error(`interface ${name} not found`);
  const body = declarations.slice(start, declarations.indexOf('\n}', start));
  return [...body.matchAll(/^ {4}([A-Za-z_][A-Za-z0-9_]*)\??:/gm)].map((match) => match[1]);
}

describe('OpenAI known Chat Completions parameters (the fake\'s rule)', () => {
  it('are exactly the keys of the official SDK\'s ChatCompletionCreateParamsBase', () => {
    const dts = readFileSync(join(__dirname, '../../../node_modules/openai/resources/chat/completions/completions.d.ts'), 'utf8');
    const sdk = interfaceKeys(dts, 'ChatCompletionCreateParamsBase');
    expect(sdk.length).toBeGreaterThan(30);
    expect([...CHAT_COMPLETIONS_FIELDS].sort()).toEqual([...new Set(sdk)].sort());
  });

  it('answer an unknown field with OpenAI\'s own message, unless the server takes it', () => {
    expect(unrecognizedArgument({ model: 'm', messages: [], top_k: 5 }, undefined)).toBe('Unrecognized request argument supplied: top_k');
    expect(unrecognizedArgument({ model: 'm', messages: [], top_k: 5 }, ['top_k'])).toBeUndefined();
    expect(unrecognizedArgument({ model: 'm', junk: 1 }, 'any')).toBeUndefined();
    expect(unrecognizedArgument({ model: 'm', messages: [], temperature: 1, top_p: 1 }, undefined)).toBeUndefined();
  });
});
