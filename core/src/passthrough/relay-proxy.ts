import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { DEFAULT_UPSTREAM_BODY_LIMIT } from '../upstream/upstream-client';
import { DROPPED_REQUEST_HEADERS, prepareProxyRequest } from './passthrough-headers';

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
  /** Aborts the upstream request (client gone, timeout). */
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

  private readonly dropped: readonly string[];

  /**
   * `credentialHeaders`: where the loaded API styles' clients send keys; dropped like the generic ones.
   * `maxWholeBodyBytes`: the most of a provider's error body read whole (relayed successes are streamed).
   */
  constructor(
    credentialHeaders: Iterable<string> = [],
    readonly maxWholeBodyBytes = DEFAULT_UPSTREAM_BODY_LIMIT,
  ) {
    this.dropped = [...new Set([...DROPPED_REQUEST_HEADERS, ...[...credentialHeaders].map((h) => h.toLowerCase())])];
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
  ): RelayHandle {
    let proxyReq: http.ClientRequest | undefined;
    let aborted = false;
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      (req as RelayedRequest)[RELAY] = {
        headers: headers.always,
        defaultHeaders: headers.defaults,
        body,
        onRequest: (r) => {
          proxyReq = r;
          if (aborted) r.destroy();
        },
        onResponse: resolve,
        onError: reject,
      };
    });
    const target = new URL(url);
    this.proxy.web(req, res, {
      target: url,
      agent: target.protocol === 'https:' ? this.agents.https : this.agents.http,
      buffer: Readable.from([body]),
      proxyTimeout: firstByteMs,
    });
    return {
      response,
      abort: () => {
        aborted = true;
        proxyReq?.destroy();
      },
    };
  }

  close(): void {
    this.proxy.close();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
