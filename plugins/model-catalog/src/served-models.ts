import type { ModelOverride, ServedModel } from './model-entry';

/** A name one provider type serves: the catalogue model behind it (whose facts it takes), and facts of its own where no catalogue model has them. */
export interface ServedName {
  sameAs?: ServedModel;
  facts?: ModelOverride;
}

/**
 * Databricks Foundation Model APIs, pay-per-token: the endpoint names every workspace has, and
 * the model each serves. Source: https://docs.databricks.com/aws/en/machine-learning/foundation-model-apis/supported-models
 * (and the pay-per-token table of https://docs.databricks.com/aws/en/machine-learning/model-serving/foundation-model-overview).
 * Databricks bills these in DBUs, not at the model maker's list price, so no price is taken
 * from the served model: the `models:` section sets one.
 */
const DATABRICKS_FOUNDATION_MODELS: Readonly<Record<string, ServedName>> = {
  'databricks-gpt-5': { sameAs: { providerType: 'openai', model: 'gpt-5' } },
  'databricks-gpt-5-1': { sameAs: { providerType: 'openai', model: 'gpt-5.1' } },
  'databricks-gpt-5-mini': { sameAs: { providerType: 'openai', model: 'gpt-5-mini' } },
  'databricks-gpt-5-nano': { sameAs: { providerType: 'openai', model: 'gpt-5-nano' } },
  'databricks-gpt-oss-120b': { sameAs: { providerType: 'openai', model: 'gpt-oss-120b' } },
  'databricks-gpt-oss-20b': { sameAs: { providerType: 'openai', model: 'gpt-oss-20b' } },
  'databricks-claude-opus-4-5': { sameAs: { providerType: 'anthropic', model: 'claude-opus-4-5' } },
  'databricks-claude-opus-4-1': { sameAs: { providerType: 'anthropic', model: 'claude-opus-4-1' } },
  'databricks-claude-sonnet-4-5': { sameAs: { providerType: 'anthropic', model: 'claude-sonnet-4-5' } },
  'databricks-claude-sonnet-4': { sameAs: { providerType: 'anthropic', model: 'claude-sonnet-4-0' } },
  'databricks-claude-haiku-4-5': { sameAs: { providerType: 'anthropic', model: 'claude-haiku-4-5' } },
  'databricks-claude-3-7-sonnet': { sameAs: { providerType: 'anthropic', model: 'claude-3-7-sonnet-latest' } },
  'databricks-gemini-2-5-pro': { sameAs: { providerType: 'gemini', model: 'gemini-2.5-pro' } },
  'databricks-gemini-2-5-flash': { sameAs: { providerType: 'gemini', model: 'gemini-2.5-flash' } },
  'databricks-llama-4-maverick': { sameAs: { providerType: 'together', model: 'meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8' } },
  'databricks-meta-llama-3-3-70b-instruct': { sameAs: { providerType: 'together', model: 'meta-llama/Llama-3.3-70B-Instruct-Turbo' } },
  'databricks-meta-llama-3-1-405b-instruct': { sameAs: { providerType: 'together', model: 'meta-llama/Meta-Llama-3.1-405B-Instruct-Turbo' } },
  'databricks-meta-llama-3-1-8b-instruct': { sameAs: { providerType: 'together', model: 'meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo' } },
  // No catalogue lists these under a name of their own: their facts are the Databricks page's.
  'databricks-gemma-3-12b': { facts: { displayName: 'Gemma 3 12B' } },
  'databricks-qwen3-next-80b-a3b-instruct': { facts: { displayName: 'Qwen3-Next 80B A3B Instruct' } },
  'databricks-gte-large-en': { facts: { displayName: 'GTE Large (En)', contextWindow: 8192 } },
  'databricks-bge-large-en': { facts: { displayName: 'BGE Large (En)', contextWindow: 512 } },
};

/** Provider type -> the names it serves that are another catalogue model (or none of the catalogue's). */
export const SERVED_MODELS: Readonly<Record<string, Readonly<Record<string, ServedName>>>> = {
  databricks: DATABRICKS_FOUNDATION_MODELS,
};
