import { randomUUID } from 'node:crypto';
import type { Target } from '../contracts/call-context';
import { Cancellation } from '../contracts/cancellation';
import type { Endpoint } from '../contracts/endpoint';
import type { ConnectionCheck, ConnectionCheckResult } from '../contracts/gateway-runtime';
import { GatewayError } from '../errors/gateway-error';
import type { LiveConnection } from '../registry/connection-registry';
import type { UpstreamClient } from '../upstream/upstream-client';
import { Attempt, type Authorizer } from './attempt';
import { Call } from './call';

/**
 * One minimal real call through a connection, outside any endpoint: a 1-token chat, or
 * one short input to embed. It goes through the same attempt as a client's call
 * (credential injection, timeouts, egress policy), with no retry, fallback or usage
 * record; the error's text is scrubbed of the connection's secrets.
 */
export async function checkConnection(
  name: string,
  live: LiveConnection,
  check: ConnectionCheck,
  upstream: UpstreamClient,
  authorize: Authorizer,
): Promise<ConnectionCheckResult> {
  const ms = check.timeoutMs;
  const timeouts = { connectMs: Math.min(ms, 10_000), firstByteMs: ms, idleMs: ms, totalMs: ms };
  const route = { provider: name, model: check.model, catalogModel: check.model, weight: 1 };
  const endpoint: Endpoint = {
    name: `connection check of ${name}`,
    kind: check.kind,
    provider: name,
    model: check.model,
    targets: [route],
    fallbacks: [],
    retry: { attempts: 0, backoffMs: 0, maxBackoffMs: 0 },
    timeouts,
    settings: {},
    source: 'api',
  };
  const request =
    check.kind === 'chat'
      ? { messages: [{ role: 'user' as const, content: 'ping' }], maxTokens: 1, stream: false, streamUsage: false, extra: {} }
      : { input: 'ping', encodingFormat: 'float' as const, extra: {} };
  const call = new Call(randomUUID(), 'connection-check', check.kind, endpoint.name, request, {}, new Cancellation());
  call.endpoint = endpoint;
  const target: Target = {
    key: `${name}/${check.model}`,
    connectionName: name,
    connection: live.connection,
    definition: live.definition,
    model: check.model,
    catalogModel: check.model,
    timeouts,
    role: 'split',
    weight: 1,
  };
  call.targets = [target];
  const attempt = new Attempt(call, target, 0, upstream, authorize);
  try {
    attempt.startTotalTimer();
    const connection = live.connection;
    if (check.kind === 'chat') {
      if (!connection.chat) throw new GatewayError('unsupported_route', `Provider type "${live.definition.type}" does not serve chat.`);
      const result = await connection.chat(request as Parameters<NonNullable<typeof connection.chat>>[0], attempt);
      // A provider may stream even when not asked; reading its first part proves the call works.
      if (result.type === 'stream') {
        const iterator = result.chunks[Symbol.asyncIterator]();
        await iterator.next();
        await iterator.return?.();
      }
    } else {
      if (!connection.embeddings) throw new GatewayError('unsupported_route', `Provider type "${live.definition.type}" does not serve embeddings.`);
      await connection.embeddings(request as Parameters<NonNullable<typeof connection.embeddings>>[0], attempt);
    }
    return { ok: true, latencyMs: attempt.elapsedMs() };
  } catch (thrown) {
    const error = GatewayError.from(thrown);
    return { ok: false, latencyMs: attempt.elapsedMs(), error: { code: error.code, status: error.status, message: attempt.scrub(error.message) } };
  } finally {
    attempt.dispose();
  }
}
