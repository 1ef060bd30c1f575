/** One model's facts as the `models:` section (resolved, camelCase) and the project overlay write them; unset fields keep the catalogue's. */
export interface ModelOverride {
  displayName?: string;
  contextWindow?: number;
  maxOutputTokens?: number;
  inputPricePerMtok?: number;
  outputPricePerMtok?: number;
  cacheReadPricePerMtok?: number;
  cacheWritePricePerMtok?: number;
  tools?: boolean;
  reasoning?: boolean;
  caching?: boolean;
  vision?: boolean;
}

/** Per million tokens, in USD. An unset price is unknown, never zero. */
export interface ModelPrices {
  inputPerMtok?: number;
  outputPerMtok?: number;
  cacheReadPerMtok?: number;
  cacheWritePerMtok?: number;
}

/** Capability flags; undefined means no source says, which is not the same as false. */
export interface ModelCapabilities {
  tools?: boolean;
  reasoning?: boolean;
  caching?: boolean;
  vision?: boolean;
}

/** Where a fact came from, lowest precedence first. */
export type ModelSource = 'genai-prices' | 'models.dev' | 'overlay' | 'config';

/** What a model takes and makes (models.dev's modalities: text, image, audio, video, pdf). */
export interface ModelModalities {
  input?: readonly string[];
  output?: readonly string[];
}

/** The catalogue model another type's name serves (a Databricks endpoint serving an Anthropic model). */
export interface ServedModel {
  providerType: string;
  model: string;
}

export interface ModelEntry {
  /** The gateway provider type this entry is for. */
  providerType: string;
  /** The model name as endpoints write it. */
  id: string;
  displayName?: string;
  contextWindow?: number;
  maxOutputTokens?: number;
  prices: ModelPrices;
  capabilities: ModelCapabilities;
  deprecated?: boolean;
  /** The day the model came out, "YYYY-MM-DD", as models.dev dates it. */
  releaseDate?: string;
  modalities?: ModelModalities;
  /** Set when this name serves another type's catalogue model, whose facts (not prices) it takes. */
  sameAs?: ServedModel;
  /** Every source that contributed, in merge order. */
  sources: ModelSource[];
  /** Which source the prices are from (the last one that set any price). */
  pricesFrom?: ModelSource;
  /** The genai-prices provider whose data priced the model, when it did: costs then come from its own calculator. */
  genaiProviderId?: string;
}

/** What one attempt cost. */
export interface Cost {
  usd: number;
  /** False when the catalogue cannot price the model: the cost is reported as 0, not guessed. */
  priced: boolean;
  /** Why an attempt is unpriced, for the usage record. */
  note?: string;
}
