/**
 * OAuth2 access tokens for a service account: minted with the JWT bearer grant, kept
 * until shortly before they expire, refreshed by one request however many calls need
 * a token at that moment. If a refresh fails while the old token is still valid, the
 * old one is used; calls fail only when there is no valid token at all. Tokens are
 * never logged and never put in an error message.
 */
import http from 'node:http';
import https from 'node:https';
import { GatewayError, type EgressPolicy } from '@model-gateway/core';
import { checkUrlText, EGRESS_DENIED, egressError, guardedLookup, literalRefusal } from '@model-gateway/core/internal';
import { sameUrl } from './api-entry-check';
import { jwtAssertion } from './jwt-assertion';
import type { ServiceAccount } from './service-account';

/** POSTs a form body; resolves with the status and the body text. */
export type FormPoster = (url: string, body: string, signal: AbortSignal) => Promise<{ status: number; text: string }>;

export interface AccessTokenSourceOptions {
  /** The connection's name, for error messages. */
  connection: string;
  /** The key; throws when it is missing or unusable. */
  account: () => ServiceAccount;
  /** Where to send the token request; default the key's token_uri. Under an egress policy it must be that token_uri. */
  tokenUrl?: string;
  /** How long one token request may take. */
  timeoutMs?: number;
  /**
   * The connection's egress policy (connections entered through the admin API): the token
   * URL comes from the service-account key, so it is checked like a base URL, as text and
   * on every address it resolves to.
   */
  egress?: EgressPolicy;
  now?: () => number;
  post?: FormPoster;
}

/** Refresh this long before expiry, or at half the lifetime for tokens shorter than twice this. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const DEFAULT_TIMEOUT_MS = 30_000;

interface Token {
  value: string;
  refreshAt: number;
  expiresAt: number;
}

export class AccessTokenSource {
  private token?: Token;
  private pending?: Promise<Token>;
  private readonly now: () => number;
  private readonly post: FormPoster;

  constructor(private readonly options: AccessTokenSourceOptions) {
    this.now = options.now ?? Date.now;
    this.post = options.post ?? ((url, body, signal) => postForm(url, body, signal, options.egress));
  }

  /** A valid access token; `signal` abandons the wait (the shared refresh goes on for others). */
  async get(signal: AbortSignal): Promise<string> {
    const token = this.token;
    if (token && this.now() < token.refreshAt) return token.value;
    this.pending ??= this.refresh().finally(() => {
      this.pending = undefined;
    });
    try {
      return (await abortable(this.pending, signal)).value;
    } catch (error) {
      if (!signal.aborted && token && this.now() < token.expiresAt) return token.value;
      throw error;
    }
  }

  private async refresh(): Promise<Token> {
    const account = this.account();
    const startedAt = this.now();
    const url = this.options.tokenUrl ?? account.tokenUri;
    // The assertion is good for an hour at its audience: under an egress policy (an API-entered connection) it goes nowhere else.
    if (this.options.egress && !sameUrl(url, account.tokenUri)) {
      throw new GatewayError('upstream_address_refused', `Provider "${this.options.connection}": its token_url is not the token endpoint its service account's assertion is addressed to (the key's token_uri); nothing was sent.`);
    }
    const assertion = jwtAssertion(account, Math.floor(startedAt / 1000));
    const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString();
    let answer: { status: number; text: string };
    try {
      answer = await this.post(url, body, AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === EGRESS_DENIED) {
        throw new GatewayError('upstream_address_refused', `Provider "${this.options.connection}": the OAuth token endpoint of its service account is ${(error as Error).message}.`, { cause: error });
      }
      throw new GatewayError('upstream_unreachable', `Provider "${this.options.connection}" could not reach the OAuth token endpoint for its service account.`, { retryable: true, cause: error });
    }
    const token = this.read(answer, startedAt);
    this.token = token;
    return token;
  }

  private account(): ServiceAccount {
    try {
      return this.options.account();
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      throw new GatewayError('provider_credentials_missing', `Provider "${this.options.connection}" has no usable service account key: ${(error as Error).message}.`);
    }
  }

  private read(answer: { status: number; text: string }, startedAt: number): Token {
    const name = this.options.connection;
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      // An HTML error page or similar: the status says enough.
    }
    if (answer.status >= 400) {
      const reason = [body.error, body.error_description].filter((x) => typeof x === 'string').join(': ') || `HTTP ${answer.status}`;
      const message = `Provider "${name}" could not get an access token for its service account (HTTP ${answer.status}): ${reason}`;
      if (answer.status >= 500 || answer.status === 429) throw new GatewayError('upstream_error', message, { retryable: true });
      throw new GatewayError('provider_auth_error', message);
    }
    const value = body.access_token;
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in);
    if (typeof value !== 'string' || value === '' || !Number.isFinite(expiresIn) || expiresIn <= 0) {
      throw new GatewayError('upstream_invalid_response', `Provider "${name}": the OAuth token endpoint answered without a usable access_token and expires_in.`);
    }
    const lifetime = expiresIn * 1000;
    return { value, expiresAt: startedAt + lifetime, refreshAt: startedAt + Math.max(lifetime - REFRESH_MARGIN_MS, lifetime / 2) };
  }
}

/** POSTs a form; a redirect is answered as is, never followed (with a signed assertion least of all). */
function postForm(url: string, body: string, signal: AbortSignal, egress?: EgressPolicy): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const refusal = egress && (checkUrlText(url, egress) ?? literalRefusal(target.hostname, egress));
    if (refusal) return reject(egressError(refusal));
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
        signal,
        ...(egress && { lookup: guardedLookup(egress) }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Rejects with the signal's reason as soon as it aborts, without cancelling `promise`. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(GatewayError.from(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(GatewayError.from(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
