import type { Request, Response } from 'express';
import type { PassthroughTarget } from '../contracts/passthrough-target';
import type { ForeignRelay, RelayInput } from '../contracts/relay-input';
import { GatewayError } from '../errors/gateway-error';
import { extensibleCopy } from '../objects/extensible-copy';
import type { Attempt } from '../pipeline/attempt';
import type { Pipeline } from '../pipeline/pipeline';
import { invalidUpstream } from '../errors/invalid-upstream';
import { transportError } from '../upstream/transport-error';
import { upstreamStatusError } from '../upstream/upstream-status-error';
import { readBodyText } from './pump-relayed-body';
import { relayAttempt } from './relay-attempt';
import type { RelayProxy } from './relay-proxy';

/**
 * One try of a ForeignRelay: the other format's request goes out through the same relay
 * (credentials, hops, timeouts, egress policy) and its whole answer comes back parsed and
 * rewritten into the client's format. An error status is read in the other format and
 * becomes the gateway's error without the provider's body, so the route renders it in its
 * own shape: a client of one format never gets another format's error body.
 */
export async function foreignRelayAttempt(
  proxy: RelayProxy,
  pipeline: Pipeline,
  req: Request,
  res: Response,
  attempt: Attempt,
  target: PassthroughTarget,
  input: RelayInput,
  foreign: ForeignRelay,
): Promise<unknown> {
  const asked = extensibleCopy(input, { format: foreign.format, operation: foreign.operation, stream: false, body: foreign.body });
  let response;
  try {
    response = await relayAttempt(proxy, pipeline, req, res, attempt, target, asked);
  } catch (error) {
    const upstream = error instanceof GatewayError ? error.upstreamBody : undefined;
    if (!upstream || !(error instanceof GatewayError)) throw error;
    throw upstreamStatusError(attempt.target.connectionName, upstream.status, foreign.errorInfo(upstream.status, upstream.text), error.retryAfterMs);
  }
  let text: string;
  try {
    text = await readBodyText(response, proxy.maxWholeBodyBytes);
  } catch (error) {
    // A body cut after a 2xx head (reset, idle timeout, client gone) fails like a cut head, not as the gateway's own fault.
    throw transportError(error, attempt.cancellation, attempt.target.connectionName);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidUpstream('the answer is not JSON');
  }
  // `answer` throws the gateway's own error for a body it cannot read.
  return foreign.answer(parsed);
}
