import { container } from 'tsyringe';
import { PluginRegistry } from '../../core/src/plugins/plugin-registry';
import { ConfigError } from '../../core/src/config/config-error';
import { loadConfigText } from '../../core/src/config/load-config';
import { modelOverrideSchema, resolveModelOverrides, type RawModelsSection } from '../../plugins/model-catalog/src/models-section';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';

/** The `models:` section, the model catalogue's: validated per field, checked against the provider types, resolved to camelCase. */

const registry = () => new PluginRegistry(container.createChildContainer());

function problemsOf(text: string): string[] {
  try {
    loadConfigText(text, { builtinPlugins: BUILTIN_PLUGINS, registry: registry(), env: {} });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected the config to be rejected, but it loaded');
}

describe('models: section', () => {
  it('defaults to no overrides', () => {
    expect(loadConfigText('{}', { builtinPlugins: BUILTIN_PLUGINS, registry: registry(), env: {} }).sections.models).toEqual({});
  });

  it('resolves an entry to camelCase, leaving unset fields out, and accepts numbers from ${VAR}', () => {
    const config = loadConfigText(
      `models:
  openai:
    my-ft-model: { context_window: 128000, input_price_per_mtok: "\${PRICE}", output_price_per_mtok: 1.2, cache_read_price_per_mtok: 0.15, tools: true, vision: false }
  mock:
    mock-model: { display_name: Mock, max_output_tokens: 100, cache_write_price_per_mtok: 0, reasoning: true, caching: false }`,
      { builtinPlugins: BUILTIN_PLUGINS, registry: registry(), env: { PRICE: '0.3' } },
    );
    expect(resolveModelOverrides(config.sections.models as RawModelsSection)).toEqual({
      openai: { 'my-ft-model': { contextWindow: 128000, inputPricePerMtok: 0.3, outputPricePerMtok: 1.2, cacheReadPricePerMtok: 0.15, tools: true, vision: false } },
      mock: { 'mock-model': { displayName: 'Mock', maxOutputTokens: 100, cacheWritePricePerMtok: 0, reasoning: true, caching: false } },
    });
  });

  it('names each bad field by its YAML path', () => {
    const problems = problemsOf(`models:
  openai:
    m: { input_price_per_mtok: -1, context_window: 1.5, tools: maybe, colour: red }`);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^models\.openai\.m\.input_price_per_mtok: /),
        expect.stringMatching(/^models\.openai\.m\.context_window: /),
        expect.stringMatching(/^models\.openai\.m\.tools: expected boolean/),
        'models.openai.m: unknown key "colour"',
      ]),
    );
  });

  it('refuses a key that is not a registered provider type', () => {
    expect(problemsOf('models: { opnai: { gpt-4o: { tools: true } } }')).toEqual([
      'models.opnai: "opnai" is not a provider type (see GET /api/providers for the list)',
    ]);
  });


  it('describes every field', () => {
    for (const [name, field] of Object.entries(modelOverrideSchema.shape)) expect([name, field.description]).toEqual([name, expect.any(String)]);
  });
});
