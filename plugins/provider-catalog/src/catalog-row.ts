import type { OpenAiDialect } from '@model-gateway/provider-openai';

/**
 * What an OpenAI-compatible API offers; anything not listed is not documented (or not checked) for it.
 * `responses` is OpenAI's Responses API, reached by passthrough only (no capability flag of its own).
 */
export type Feature = 'chat' | 'embeddings' | 'streaming' | 'tools' | 'vision' | 'jsonSchema' | 'responses';

/**
 * One OpenAI-compatible provider, as data: each row becomes one provider type.
 * Chat goes to `{baseUrl}/chat/completions`, embeddings to `{baseUrl}/embeddings` and
 * the Responses API to `{baseUrl}/responses`, in OpenAI's wire format as the row's
 * dialect (if any) rewrites it, with the key as `Authorization: Bearer` unless `keyHeader` says otherwise.
 */
export interface CatalogRow {
  /** The `type:` operators write in YAML. */
  type: string;
  displayName: string;
  /** The vendor's short name for menus and lists ("Groq"); clients fall back to the type when absent. */
  label?: string;
  /** Where menus place the type among the commonly used ones (ProviderDefinition.menuRank); most rows have none. */
  menuRank?: number;
  /** The provider's documented OpenAI-compatible base URL (the one its docs give the OpenAI SDK). */
  baseUrl: string;
  /** Where the provider documents that base URL or its API. */
  docsUrl: string;
  /** The conventional environment variable for the key (read by implicit connections only). */
  keyEnv?: string;
  /** A header the key goes in instead of `Authorization: Bearer`. */
  keyHeader?: string;
  /**
   * `cloud` (default): a hosted API, a key is required. `local`: a server you run
   * (plain http on this machine by default), a key only if you configured one.
   * `account`: the URL holds your account or deployment id, so `base_url` is required.
   */
  kind?: 'cloud' | 'local' | 'account';
  serves: readonly Feature[];
  /**
   * Where the provider's bodies depart from OpenAI's (renamed, refused or dropped fields,
   * reasoning fields, tool call ids...), applied on every route, relayed bodies included.
   * Absent: OpenAI's format exactly.
   */
  dialect?: OpenAiDialect;
}

/** Common feature sets, so rows stay one line of facts each. */
export const CHAT_TOOLS: readonly Feature[] = ['chat', 'streaming', 'tools'];
export const CHAT_TOOLS_JSON: readonly Feature[] = ['chat', 'streaming', 'tools', 'jsonSchema'];
export const CHAT_ALL: readonly Feature[] = ['chat', 'streaming', 'tools', 'vision', 'jsonSchema'];
export const CHAT_ALL_EMBEDDINGS: readonly Feature[] = ['chat', 'embeddings', 'streaming', 'tools', 'vision', 'jsonSchema'];
export const EMBEDDINGS_ONLY: readonly Feature[] = ['embeddings'];
