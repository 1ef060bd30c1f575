import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { extensibleCopy } from '../objects/extensible-copy';
import type { Attempt } from '../pipeline/attempt';
import type { Pipeline } from '../pipeline/pipeline';
import { transportError } from '../upstream/transport-error';
import { parseRetryAfter, redirectError, upstreamStatusError } from '../upstream/upstream-status-error';
import { readBodyText } from './pump-relayed-body';
import type { RelayProxy } from './relay-proxy';
import type { PassthroughTarget } from '../contracts/passthrough-target';
import type { RelayInput } from '../contracts/relay-input';

/**
 * One passthrough try: the client's body (with the target's model) goes to the
 * provider through the proxy, credentials added by the authorize phase. A 2xx head
 * is returned for the caller to pump, its headers cut down to the ones the style relays; a redirect is
 * an error; an error status becomes a GatewayError carrying the provider's body, scrubbed as the
 * client will decode it, so the style can relay it as it came.
 */
export async function relayAttempt(
  proxy: RelayProxy,
  pipeline: Pipeline,
  req: Request,
  res: Response,
  attempt: Attempt,
  target: PassthroughTarget,
  input: RelayInput,
): Promise<IncomingMessage> {
  const connectionName = attempt.target.connectionName;
  const body = input.body(attempt.model, target, (field) => attempt.dropField(field));
  const request = { method: 'POST' as const, url: target.url, headers: extensibleCopy(target.headers), body };
  await pipeline.authorize(attempt, request);
  if (!input.stream) attempt.startTotalTimer();
  const headers = { always: request.headers, defaults: target.defaultHeaders ?? {} };
  const handle = proxy.relay(req, res, request.url, headers, body, attempt.timeouts.firstByteMs, attempt.target.connection.settings.egress);
  attempt.cancellation.onCancel(handle.abort);
  let response: IncomingMessage;
  try {
    response = await attempt.timeUpstream(handle.response);
  } catch (error) {
    throw transportError(error, attempt.cancellation, connectionName);
  }
  attempt.markFirstByte();
  // The pump writes this head as it stands: only the style's allow-listed provider headers, scrubbed, go on to the client.
  response.headers = proxy.clientHeaders(input.apiStyle, response.headers, (text) => attempt.scrub(text));
  const status = response.statusCode ?? 502;
  if (status < 300) return response;
  if (status < 400) {
    response.destroy();
    throw redirectError(connectionName, status);
  }
  const text = attempt.scrub(await readBodyText(response, proxy.maxWholeBodyBytes).catch(() => ''));
  const contentType = response.headers['content-type'];
  throw upstreamStatusError(connectionName, status, { message: text.slice(0, 500) || `HTTP ${status}` }, parseRetryAfter(response.headers), {
    status,
    contentType: typeof contentType === 'string' ? contentType : undefined,
    text,
  });
}
