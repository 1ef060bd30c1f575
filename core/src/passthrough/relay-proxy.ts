import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import type { ApiStyleDefinition } from '../contracts/api-style-definition';
import type { EgressPolicy } from '../contracts/egress-policy';
import { egressError, guardedLookup, literalRefusal } from '../upstream/egress-guard';
import { firstByteTimeout } from '../upstream/transport-error';
import { DEFAULT_UPSTREAM_BODY_LIMIT } from '../upstream/upstream-client';
import { DROPPED_REQUEST_HEADERS, prepareProxyRequest } from './passthrough-headers';
import { BASE_RELAYED_RESPONSE_HEADERS, ResponseHeaderAllowList, responseHeaderAllowLists } from './response-header-allow-list';

const RELAY = Symbol('model-gateway.relay');

interface PendingRelay {
  headers: Record<string, string>;
  defaultHeaders: Record<string, string>;
  body: Buffer;
  onRequest(proxyReq: http.ClientRequest): void;
  onResponse(proxyRes: IncomingMessage): void;
  onError(error: Error): void;
}

type RelayedRequest = IncomingMessage & { [RELAY]?: PendingRelay };

export interface RelayHandle {
  /** Resolves with the provider's response head; the body is still to be read. */
  response: Promise<IncomingMessage>;
  /** Aborts the upstream request (client gone, timeout); before the head, `response` rejects. */
  abort(): void;
}

/**
 * One http-proxy-3 server for every passthrough call, built at startup. The
 * request body was already read (to rewrite `model`), so it is replayed from a
 * buffer; headers are cleaned and the provider's credentials set in `proxyReq`.
 * The response is handled by the caller (selfHandleResponse) so it can tap usage
 * and scrub error bodies.
 */
export class RelayProxy {
  private readonly proxy = createProxyServer({ selfHandleResponse: true, ignorePath: true, changeOrigin: true, xfwd: false });
  private readonly agents = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  };
  /** Agents whose sockets check resolved addresses against a policy, per policy. */
  private readonly guardedAgents = new Map<string, { http: http.Agent; https: https.Agent }>();

  private readonly dropped: readonly string[];
  private readonly responseHeaders: ReadonlyMap<string, ResponseHeaderAllowList>;
  /** For a style that declared nothing (or is unknown): the base alone. */
  private readonly baseResponseHeaders = new ResponseHeaderAllowList(BASE_RELAYED_RESPONSE_HEADERS);

  /**
   * `credentialHeaders`: where the loaded API styles' clients send keys; dropped like the generic ones.
   * `maxWholeBodyBytes`: the most of a provider's error body read whole (relayed successes are streamed).
   * `styles`: the loaded API styles, for the provider response headers each relays.
   */
  constructor(
    credentialHeaders: Iterable<string> = [],
    readonly maxWholeBodyBytes = DEFAULT_UPSTREAM_BODY_LIMIT,
    styles: Iterable<Pick<ApiStyleDefinition, 'name' | 'relayedResponseHeaders'>> = [],
  ) {
    this.dropped = [...new Set([...DROPPED_REQUEST_HEADERS, ...[...credentialHeaders].map((h) => h.toLowerCase())])];
    this.responseHeaders = responseHeaderAllowLists(styles);
    this.proxy.on('proxyReq', (proxyReq, req) => {
      const pending = (req as RelayedRequest)[RELAY];
      if (!pending) return;
      prepareProxyRequest(proxyReq, this.dropped, pending.headers, pending.defaultHeaders, pending.body.length);
      pending.onRequest(proxyReq);
    });
    this.proxy.on('proxyRes', (proxyRes, req) => (req as RelayedRequest)[RELAY]?.onResponse(proxyRes));
    this.proxy.on('error', (error, req) => (req as RelayedRequest)[RELAY]?.onError(error));
  }

  relay(
    req: IncomingMessage,
    res: ServerResponse,
    url: string,
    headers: { always: Record<string, string>; defaults: Record<string, string> },
    body: Buffer,
    firstByteMs: number,
    egress?: EgressPolicy,
  ): RelayHandle {
    const target = new URL(url);
    // Address literals skip `lookup`, so they are checked here; names are checked as they resolve.
    const refusal = egress && literalRefusal(target.hostname, egress);
    if (refusal) return { response: Promise.reject(egressError(refusal)), abort: () => undefined };
    let proxyReq: http.ClientRequest | undefined;
    let aborted = false;
    let fail: (error: Error) => void = () => undefined;
    // Our own timer rather than http-proxy-3's proxyTimeout: that one only destroys the socket, which reads as a reset (502), not a timeout (504).
    const timer = setTimeout(() => {
      fail(firstByteTimeout(firstByteMs));
      proxyReq?.destroy();
    }, firstByteMs);
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      fail = (error) => {
        clearTimeout(timer);
        reject(error);
      };
      (req as RelayedRequest)[RELAY] = {
        headers: headers.always,
        defaultHeaders: headers.defaults,
        body,
        onRequest: (r) => {
          proxyReq = r;
          if (aborted) r.destroy();
        },
        onResponse: (head) => {
          clearTimeout(timer);
          resolve(head);
        },
        onError: fail,
      };
    });
    const agents = egress ? this.guardedAgentsFor(egress) : this.agents;
    this.proxy.web(req, res, {
      target: url,
      // http-proxy-3 never follows a redirect: a 3xx is the provider's answer, relayed as such.
      agent: target.protocol === 'https:' ? agents.https : agents.http,
      buffer: Readable.from([body]),
    });
    return {
      response,
      abort: () => {
        aborted = true;
        // http-proxy-3 reports a reset on a request whose client left as `econnreset`, not `error`: settle here so no one waits on it.
        fail(new Error('The relayed request was aborted.'));
        proxyReq?.destroy();
      },
    };
  }

  /**
   * The provider's response headers a client of `apiStyle` gets: the style's allow-list
   * (core's base and the style's own), values scrubbed with `scrub`.
   */
  clientHeaders(apiStyle: string, headers: IncomingHttpHeaders, scrub: (text: string) => string): IncomingHttpHeaders {
    return (this.responseHeaders.get(apiStyle) ?? this.baseResponseHeaders).pick(headers, scrub);
  }

  close(): void {
    this.proxy.close();
    for (const agents of [this.agents, ...this.guardedAgents.values()]) {
      agents.http.destroy();
      agents.https.destroy();
    }
    this.guardedAgents.clear();
  }

  private guardedAgentsFor(policy: EgressPolicy): { http: http.Agent; https: https.Agent } {
    const key = String(policy.allowPrivate);
    let agents = this.guardedAgents.get(key);
    if (!agents) {
      const lookup = guardedLookup(policy);
      agents = { http: new http.Agent({ keepAlive: true, lookup }), https: new https.Agent({ keepAlive: true, lookup }) };
      this.guardedAgents.set(key, agents);
    }
    return agents;
  }
}
