import { Agent, buildConnector, type Dispatcher } from 'undici';
import type { Timeouts } from '../contracts/endpoint';
import type { Cancellation } from '../contracts/cancellation';
import type { EgressPolicy } from '../contracts/egress-policy';
import { egressError, guardedLookup, literalRefusal } from './egress-guard';
import type { UpstreamRequest, UpstreamResponse } from '../contracts/upstream-request';
import { transportError } from './transport-error';
import { UpstreamResponseHandler } from './upstream-response-handler';

const MAX_CACHED_URLS = 1000;
/** server.upstream_body_limit's default. */
export const DEFAULT_UPSTREAM_BODY_LIMIT = 32 * 1024 * 1024;

export interface SendOptions {
  /** Cancelling it aborts the request, or the transfer of its body. */
  cancellation: Cancellation;
  timeouts: Timeouts;
  /** The connection's name, for error messages. */
  connection: string;
  /** Addresses the connection may reach (checked at connect time); absent: any. */
  egress?: EgressPolicy;
}

/**
 * Keep-alive HTTP to providers through undici. One agent per distinct connect
 * timeout (undici sets that per agent); first-byte and idle timeouts are per request.
 */
export class UpstreamClient {
  private readonly agents = new Map<number, Agent>();
  /** Agents whose sockets are checked against an egress policy, by policy and connect timeout. */
  private readonly guardedAgents = new Map<string, Agent>();
  private readonly urlParts = new Map<string, { origin: string; path: string }>();

  /**
   * `dispatcher` replaces the per-timeout agents; unit tests pass undici's global
   * dispatcher so nock can intercept. The connect timeout is then the dispatcher's.
   * `maxWholeBodyBytes` bounds an answer read whole (`body.text()`); streamed reads are not bounded.
   */
  constructor(
    private readonly dispatcher?: Dispatcher,
    private readonly maxWholeBodyBytes = DEFAULT_UPSTREAM_BODY_LIMIT,
  ) {}

  async send(request: UpstreamRequest, options: SendOptions): Promise<UpstreamResponse> {
    const { origin, path } = this.split(request.url);
    try {
      return await new Promise<UpstreamResponse>((resolve, reject) => {
        (this.dispatcher ?? (options.egress ? this.guardedAgentFor(options.timeouts.connectMs, options.egress) : this.agentFor(options.timeouts.connectMs))).dispatch(
          {
            origin,
            path,
            method: request.method,
            headers: request.headers,
            body: request.body,
            headersTimeout: options.timeouts.firstByteMs,
            bodyTimeout: options.timeouts.idleMs,
          },
          new UpstreamResponseHandler(options.cancellation, resolve, reject, this.maxWholeBodyBytes),
        );
      });
    } catch (error) {
      throw transportError(error, options.cancellation, options.connection);
    }
  }

  async close(): Promise<void> {
    const agents = [...this.agents.values(), ...this.guardedAgents.values()];
    this.agents.clear();
    this.guardedAgents.clear();
    await Promise.all(agents.map((agent) => agent.close()));
  }

  /**
   * A URL's origin and path, parsed once per distinct URL: connections build the same
   * few URLs on every call. Bounded, because some URLs carry the model name.
   */
  private split(url: string): { origin: string; path: string } {
    let parts = this.urlParts.get(url);
    if (!parts) {
      const parsed = new URL(url);
      parts = { origin: parsed.origin, path: parsed.pathname + parsed.search };
      if (this.urlParts.size >= MAX_CACHED_URLS) this.urlParts.clear();
      this.urlParts.set(url, parts);
    }
    return parts;
  }

  /**
   * Sockets opened for a policy-bound connection check every resolved address (and an
   * address literal, which skips lookup) before connecting, so a name that resolves to a
   * refused address later (DNS rebinding) is caught too. Redirects are never followed: no
   * redirect interceptor is installed on any agent.
   */
  private guardedAgentFor(connectMs: number, policy: EgressPolicy): Agent {
    const key = `${connectMs}:${policy.allowPrivate}`;
    let agent = this.guardedAgents.get(key);
    if (!agent) {
      const connector = buildConnector({ timeout: connectMs, lookup: guardedLookup(policy) });
      const connect: buildConnector.connector = (options, callback) => {
        const refusal = literalRefusal(options.hostname, policy);
        if (refusal) return callback(egressError(refusal), null);
        return connector(options, callback);
      };
      agent = new Agent({ connect, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000 });
      this.guardedAgents.set(key, agent);
    }
    return agent;
  }

  private agentFor(connectMs: number): Agent {
    let agent = this.agents.get(connectMs);
    if (!agent) {
      agent = new Agent({ connect: { timeout: connectMs }, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000 });
      this.agents.set(connectMs, agent);
    }
    return agent;
  }
}
