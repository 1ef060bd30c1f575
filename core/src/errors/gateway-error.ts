import { ERROR_CODES, type ErrorCode, type ErrorType } from './error-codes';
import type { PluginErrorCode } from './plugin-error-codes';

export interface GatewayErrorOptions {
  /** Overrides the code's default status (a provider's 4xx is relayed with its own status). */
  status?: number;
  /** The request parameter at fault, as a path like `messages[0].role`. */
  param?: string;
  /** The provider's own error type or code, when it gave one. */
  providerType?: string;
  providerCode?: string;
  /** Whether another attempt (retry or fallback) could succeed. */
  retryable?: boolean;
  /** Seconds the provider asked us to wait (Retry-After). */
  retryAfterMs?: number;
  cause?: unknown;
  /** A provider's own error response, kept for passthrough routes that relay it as it came (key scrubbed). */
  upstreamBody?: UpstreamErrorBody;
  /** The provider's own HTTP status, for an error made from its answer (the client may get another: a 401 becomes 502). */
  upstreamStatus?: number;
  /** For an error that ends several attempts: what each one met. */
  attempts?: AttemptFailure[];
  /** Headers the error's response carries in every format (a rate limit's state, say). */
  headers?: Record<string, string>;
}

/** One failed attempt, as the client sees it in an all_attempts_failed error. */
export interface AttemptFailure {
  /** `connection/model`. */
  target: string;
  status: number;
  code: string;
  message: string;
}

export interface UpstreamErrorBody {
  status: number;
  contentType?: string;
  text: string;
}

/** The one error type of the gateway. Every API style renders it in its clients' format. */
export class GatewayError extends Error {
  /** One of core's codes (ErrorCode) or a plugin's (PluginErrorCode.code). */
  readonly code: string;
  readonly status: number;
  readonly type: ErrorType;
  readonly param?: string;
  readonly providerType?: string;
  readonly providerCode?: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly upstreamBody?: UpstreamErrorBody;
  readonly upstreamStatus?: number;
  readonly attempts?: AttemptFailure[];
  readonly headers?: Record<string, string>;

  /** `code`: one of core's by name, or a plugin's own as defineErrorCodes made it. */
  constructor(code: ErrorCode | PluginErrorCode, message: string, options: GatewayErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GatewayError';
    const definition = typeof code === 'string' ? ERROR_CODES[code] : code;
    this.code = typeof code === 'string' ? code : code.code;
    this.status = options.status ?? definition.status;
    this.type = statusType(this.status, definition.type);
    this.param = options.param;
    this.providerType = options.providerType;
    this.providerCode = options.providerCode;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.upstreamBody = options.upstreamBody;
    this.upstreamStatus = options.upstreamStatus;
    this.attempts = options.attempts;
    this.headers = options.headers;
  }

  static from(error: unknown): GatewayError {
    if (error instanceof GatewayError) return error;
    return new GatewayError('internal_error', 'Internal gateway error.', { cause: error });
  }
}

/** A relayed provider status keeps its meaning (401 stays an authentication error). */
function statusType(status: number, fallback: ErrorType): ErrorType {
  switch (status) {
    case 401: return 'authentication';
    case 403: return 'permission';
    case 404: return 'not_found';
    case 429: return 'rate_limit';
    default: return fallback;
  }
}
