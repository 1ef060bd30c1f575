import type { ChatRequest } from '../canonical/chat';
import type { ProviderAttempt } from '../contracts/provider-attempt';

/** Canonical request fields a provider may leave out as hints its target cannot honour. */
export type DroppableField = Exclude<keyof ChatRequest, 'messages' | 'stream' | 'streamUsage' | 'extra'>;

/**
 * The request without `fields` that are set, each reported to the attempt (and so named in
 * `x-gateway-dropped-fields`); the request itself is left as it was, since a fallback may
 * get it next. Returns `request` unchanged when none of them is set.
 */
export function withoutFields(request: ChatRequest, fields: readonly DroppableField[], attempt: Pick<ProviderAttempt, 'dropField'>): ChatRequest {
  let out: ChatRequest | undefined;
  for (const field of fields) {
    if (request[field] === undefined) continue;
    out ??= { ...request };
    delete out[field];
    attempt.dropField(field);
  }
  return out ?? request;
}
