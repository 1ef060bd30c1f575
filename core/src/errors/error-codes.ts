/** What a code means: the HTTP status it answers with and the coarse type an API style maps to its own vocabulary. */
export interface ErrorCodeDefinition {
  readonly status: number;
  readonly type: ErrorType;
  /** One sentence for docs/errors.md and listings: when the code is raised. */
  readonly summary: string;
}

/**
 * The errors core itself reports, and those several plugins raise alike (an unknown
 * endpoint, say): the code clients see and what it means. A code only one plugin
 * raises is that plugin's (defineErrorCodes, PluginApi.registerErrorCodes).
 * docs/errors.md is every code in prose; keep them together.
 */
export const ERROR_CODES = {
  invalid_json: { status: 400, type: 'invalid_request', summary: 'The body is not valid JSON.' },
  invalid_path: { status: 400, type: 'invalid_request', summary: 'The path has a malformed percent-encoding (a "%" not followed by two hex digits, or bytes that are not UTF-8).' },
  invalid_parameter: { status: 400, type: 'invalid_request', summary: 'A parameter is missing, of the wrong type or out of range.' },
  unsupported_parameter: { status: 400, type: 'invalid_request', summary: 'The endpoint\'s provider cannot honour a parameter.' },
  unsupported_route: { status: 400, type: 'invalid_request', summary: 'The endpoint\'s provider cannot be called through this route (it speaks another format and the route cannot translate); the message names the routes that work.' },
  origin_not_allowed: { status: 403, type: 'permission', summary: 'A browser request from an origin that is neither the gateway\'s own nor in server.cors.allowed_origins.' },
  host_not_allowed: { status: 403, type: 'permission', summary: 'The request\'s Host is neither a loopback name, the host of server.public_url, nor listed in server.allowed_hosts (a DNS-rebinding page sends its own name); nothing was done.' },
  endpoint_not_found: { status: 404, type: 'not_found', summary: 'No endpoint has that name.' },
  route_not_found: { status: 404, type: 'not_found', summary: 'No route matches the method and path.' },
  request_too_large: { status: 413, type: 'invalid_request', summary: 'The body exceeds server.body_limit; nothing was sent upstream.' },
  unsupported_media_type: { status: 415, type: 'invalid_request', summary: 'The body is not declared as JSON (Content-Type application/json), or is compressed.' },
  upgrade_not_supported: { status: 426, type: 'invalid_request', summary: 'The request is a WebSocket handshake; the gateway serves HTTP only, so it refuses at once and closes the connection (a client with an HTTP transport falls back to it).' },
  rate_limit_exceeded: { status: 429, type: 'rate_limit', summary: 'A requests- or tokens-per-minute limit of the endpoint (or the gateway key) is reached; Retry-After and the x-ratelimit-* headers say when there is room. Nothing was sent upstream.' },
  provider_error: { status: 400, type: 'invalid_request', summary: 'The provider rejected the request (4xx); status and message are the provider\'s.' },
  provider_auth_error: { status: 502, type: 'server_error', summary: 'The provider rejected the gateway\'s own credentials (its 401/403): an operator must fix the key; the client cannot.' },
  provider_credentials_missing: { status: 503, type: 'server_error', summary: 'The endpoint\'s provider has no API key configured on the gateway.' },
  all_attempts_failed: { status: 502, type: 'server_error', summary: 'Every target (retries and fallbacks included) failed; the message and `attempts` list each attempt with its status and reason.' },
  state_store_unavailable: { status: 503, type: 'server_error', summary: 'The shared state store (Redis) did not answer in time or cannot be reached, so figures it holds (usage counters) cannot be read; nothing was changed (Retry-After: 1).' },
  upstream_error: { status: 502, type: 'server_error', summary: 'The provider failed (5xx).' },
  upstream_unreachable: { status: 502, type: 'server_error', summary: 'The provider could not be reached (refused, reset, DNS).' },
  upstream_invalid_response: { status: 502, type: 'server_error', summary: 'The provider answered something the gateway could not read.' },
  upstream_response_too_large: { status: 502, type: 'server_error', summary: 'A provider answer the gateway must read whole exceeds server.upstream_body_limit.' },
  upstream_address_refused: { status: 502, type: 'server_error', summary: 'The connection\'s address is refused by its egress policy (a link-local or metadata address, or a private one that is not allowed); nothing was sent.' },
  upstream_timeout: { status: 504, type: 'timeout', summary: 'A connect, first-byte, idle or total timeout expired.' },
  loop_detected: { status: 508, type: 'server_error', summary: 'The request has passed through too many gateways (x-gateway-hops reached 4), or the connection answered 508: a connection\'s base_url leads back to a gateway on the way; nothing more was sent.' },
  server_shutting_down: { status: 503, type: 'server_error', summary: 'The gateway was stopping and the call did not finish within server.shutdown_grace_ms.' },
  provider_credentials_unavailable: { status: 503, type: 'server_error', summary: 'The endpoint\'s connection has stored credentials the gateway cannot decrypt (a wrong or missing secrets key); nothing was sent.' },
  resource_not_found: { status: 404, type: 'not_found', summary: 'No object of that kind has that name (a route that manages named objects).' },
  resource_conflict: { status: 409, type: 'invalid_request', summary: 'The change conflicts with what exists: a duplicate name, an object the YAML owns, or an object others still use.' },
  client_closed_request: { status: 499, type: 'cancelled', summary: 'The client went away; the upstream call was aborted (recorded, never sent).' },
  internal_error: { status: 500, type: 'server_error', summary: 'A bug in the gateway.' },
} as const satisfies Record<string, ErrorCodeDefinition>;

export type ErrorType = 'invalid_request' | 'not_found' | 'authentication' | 'permission' | 'rate_limit' | 'server_error' | 'timeout' | 'cancelled';

/** A code of core's table; plugins' codes are PluginErrorCode objects. */
export type ErrorCode = keyof typeof ERROR_CODES;
