/**
 * How one OpenAI-compatible provider departs from OpenAI's own Chat Completions and
 * Embeddings wire format, as data. The connection encodes with format-openai, then
 * applies these rewrites to the body; answers are normalized back before decoding.
 * A provider without a dialect gets OpenAI's format exactly (no rewrites at all).
 */
export interface OpenAiDialect {
  /** The provider's display name, used in error messages ("Mistral does not support ..."). */
  label: string;
  /**
   * Request fields the provider cannot honour. A body that sets one (to a value
   * `accepts` does not allow) is refused with a 400 naming the field, before any call.
   */
  unsupported?: readonly UnsupportedField[];
  /**
   * Fields that do not change the answer and that the provider does not take (an
   * end-user id for abuse monitoring): removed rather than refused, so clients that
   * always send them keep working.
   */
  dropFields?: readonly string[];
  /** Fields refused on any message (Groq: `messages[].name`). */
  unsupportedMessageFields?: readonly string[];
  /** Body fields the provider names differently, OpenAI name -> provider name (Mistral: seed -> random_seed). */
  renameFields?: Readonly<Record<string, string>>;
  /** Provider spellings of the string tool choices (Mistral: required -> any). */
  toolChoiceValues?: Readonly<Partial<Record<'auto' | 'none' | 'required', string>>>;
  /**
   * Where the canonical top-k goes. Unset: the provider has no top-k (OpenAI refuses the
   * field), so it is left out and named in `x-gateway-dropped-fields`: a sampling hint.
   */
  topKField?: string;
  /**
   * `false` when the provider rejects `stream_options`; it must then report usage on
   * its own at the end of every stream (Mistral does), or streamed calls go unaccounted.
   */
  streamOptions?: boolean;
  /** Tool call ids the provider accepts; any other id is mapped to one that fits, the same way everywhere it appears. */
  toolCallIds?: ToolCallIdRule;
  /** Response message/delta fields that carry reasoning text under another name than `reasoning_content`. */
  reasoningFields?: readonly string[];
  /** Whether answers may carry `content` as an array of text and reasoning chunks (Mistral's thinking chunks, Databricks' reasoning summaries). */
  contentChunks?: boolean;
  /** Embeddings request fields the provider names differently (Mistral: dimensions -> output_dimension). */
  renameEmbeddingsFields?: Readonly<Record<string, string>>;
  /** Message roles the provider lacks, spelled as the role it has (Mistral: developer -> system). */
  messageRoles?: Readonly<Record<string, string>>;
  /** Message fields the provider refuses and that are only echoes of an earlier answer (an assistant turn's `refusal`): left out. */
  dropMessageFields?: readonly string[];
  /**
   * `false` when a `tool` message may not carry `name` (Groq): the call is named by `tool_call_id` already, so a relayed
   * client's name is left out. Bodies the gateway encodes never have one (OpenAI's ChatCompletionToolMessageParam has no `name`).
   */
  toolMessageName?: boolean;
  /**
   * True when the rules only fit bodies the gateway encoded, so a relayed body goes as the
   * client wrote it (OpenAI itself: its max_tokens rename is the gateway's choice, not a provider rule).
   */
  encodedOnly?: boolean;
}

export interface UnsupportedField {
  /** The body field, by its OpenAI name (what the client sent). */
  field: string;
  /** Values the provider does take (Groq: `n` of 1, `logprobs: false`); absent means any value is refused. */
  accepts?: (value: unknown) => boolean;
  /** Said after the field in the error, e.g. "only 1 is supported". */
  hint?: string;
}

export interface ToolCallIdRule {
  /** Ids matching this pass unchanged. */
  pattern: RegExp;
  /** Length of the ids made for the others (letters and digits). */
  length: number;
}
