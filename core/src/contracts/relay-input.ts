import type { ChatRequest } from '../canonical/chat';
import type { EmbeddingsRequest } from '../canonical/embeddings';
import type { Usage } from '../canonical/usage';
import type { ChatOutput, EmbeddingsOutput } from './call-outputs';
import type { FieldNames } from './dropped-fields';
import type { EndpointKind } from './endpoint';
import type { PassthroughFormat, PassthroughTarget } from './passthrough-target';
import type { GatewayError } from '../errors/gateway-error';

/** Reads usage from a relayed body as its bytes go by, without holding up the client. */
export interface UsageTap {
  write(chunk: Buffer): void;
  /** Called once the body has ended; undefined when the body reported no usage. */
  end(): Usage | undefined;
}

/** Bytes in, bytes out; `end` returns whatever was held back. */
export interface ResponseFilter {
  write(chunk: Buffer): Buffer;
  end(): Buffer;
}

/** Response headers a translation adds (what it left out, say); the same header from two sources is joined with ", ". */
export type TranslationHeaders = Record<string, string>;

/** A chat call decoded into the canonical model, with the style's encoder for the answer. */
export interface TranslatedChat {
  kind: 'chat';
  request: ChatRequest;
  output: ChatOutput;
  /** Set on the response when a translated attempt answers (never when the call was relayed). */
  headers?: TranslationHeaders;
  /** How the client spells the canonical fields a target may drop, for `x-gateway-dropped-fields` (the style's table, per request where it varies). */
  fieldNames?: FieldNames;
}

/**
 * An answer the gateway gives itself for a target that cannot serve the operation (an
 * estimate where the provider has no such call): no upstream request is made.
 */
export interface LocalAnswer {
  kind: 'local';
  status: number;
  body: unknown;
  headers?: TranslationHeaders;
}

/**
 * A passthrough call decoded into the canonical model, with the style's encoder for
 * the answer: used when the endpoint's provider does not speak the client's format.
 */
export type TranslatedCall =
  | TranslatedChat
  | { kind: 'embeddings'; request: EmbeddingsRequest; output: EmbeddingsOutput; headers?: TranslationHeaders }
  | LocalAnswer;

/**
 * Another format's operation that answers the same question, for a target that does not
 * speak the route's format but speaks this one (a token count asked in one format and
 * counted by the provider's own count call in another). The answer is small: it is read
 * whole and handed back in the client's format; a provider error is read by `errorInfo`
 * and rendered by the style, never relayed in the other format's shape.
 */
export interface ForeignRelay {
  format: PassthroughFormat;
  operation: string;
  /** The request in `format`, with the endpoint's model written in. */
  body(model: string, target: PassthroughTarget): Buffer;
  /** The provider's parsed JSON answer as the client's format has it. */
  answer(body: unknown): unknown;
  /** The provider's error body, in `format`, as a message (and type) for the gateway's error (upstream's ProviderErrorInfo). */
  errorInfo(status: number, text: string): { message: string; type?: string; code?: string; param?: string };
}

/** What a passthrough API style supplies for one relayed call. */
export interface RelayInput {
  apiStyle: string;
  endpointName: string;
  kind: EndpointKind;
  format: PassthroughFormat;
  /** The provider-side operation, e.g. `chat/completions`, `messages`, `streamGenerateContent`. */
  operation: string;
  /** The API version the client addressed, for formats that carry one in the path (v1, v1beta). */
  apiVersion?: string;
  /** Query parameters the provider needs (e.g. `alt=sse`); client credentials never go here. */
  query?: Record<string, string>;
  stream: boolean;
  /**
   * The body to send, with the endpoint's model written in; `target` says what the provider
   * accepts. A hint the model cannot honour may be left out of the client's body: each is
   * reported through `dropField` (by the name the client wrote) and named in x-gateway-dropped-fields.
   */
  body(model: string, target: PassthroughTarget, dropField: (field: string) => void): Buffer;
  usageTap(): UsageTap;
  /**
   * Rewrites the relayed response body on its way, or undefined to pass the
   * bytes through untouched (then content-length is kept).
   */
  responseFilter?(target: PassthroughTarget): ResponseFilter | undefined;
  /**
   * The in-band text that ends a stream which failed after its first byte, in the
   * client's format; undefined when the format has none (the connection is cut).
   */
  streamError(error: GatewayError): string | undefined;
  /** Asked of a target that does not speak `format`, before `translate`; see ForeignRelay. */
  foreign?: ForeignRelay;
  /**
   * Decodes the body for a provider that does not speak `format`; without it such
   * an endpoint answers 400 unsupported_route. Called at most once, and only then.
   */
  translate?(): TranslatedCall;
}
