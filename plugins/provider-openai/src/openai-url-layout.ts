/**
 * Where one OpenAI-compatible server takes each call. The wire format is OpenAI's
 * whatever the layout; only URLs, the body's `model` and fixed headers differ
 * (OpenAI itself, Azure OpenAI, Databricks model serving, vLLM, ...).
 */
export interface OpenAiUrlLayout {
  /**
   * The URL of an OpenAI operation (`chat/completions`, `embeddings`, `responses`) for
   * the endpoint's model, or undefined when this server has no such operation. Unified
   * calls and passthrough calls both go through it, so they cannot reach different places.
   */
  url(operation: string, model: string): string | undefined;
  /** The `model` written into unified request bodies; the endpoint's model when absent. */
  bodyModel?(model: string): string;
  /** Headers every call carries (the connection's own `headers` are added after, and win). */
  headers: Record<string, string>;
}
