import { fieldPath } from '../lib/field-errors';

/** sessionStorage, never localStorage: the token goes when the tab does, and is never put in a URL. */
const TOKEN_KEY = 'model-gateway.admin-token';

/** An error answer from the gateway, in its error shape `{error: {message, type, code, param}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The field the API blamed, as a dotted path (`targets.1.weight`). */
    readonly param?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function adminToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setAdminToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function clearAdminToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}

const unauthorizedListeners = new Set<() => void>();

/** Called whenever the admin API answers 401, so the app can ask for the token. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Calls held back by a 401, each resumed once a token has been accepted. */
let signInWaiters: Array<() => void> = [];

/** The sign-in dialog accepted a token: the calls that met a 401 are made again, with it. */
export function announceSignIn(): void {
  const waiting = signInWaiters;
  signInWaiters = [];
  waiting.forEach((resume) => resume());
  window.dispatchEvent(new Event('admin-token-changed'));
}

export interface ApiRequestOptions {
  /**
   * On a 401 from the admin API, wait for the operator to sign in and ask again (default), so a
   * page shows its loading state behind the sign-in dialog instead of an error nobody caused.
   * The sign-in check itself passes false: a refused token is its answer.
   */
  awaitSignIn?: boolean;
}

/** One call to the gateway's own API; JSON both ways, the admin token as a Bearer header. */
export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, { awaitSignIn = true }: ApiRequestOptions = {}): Promise<T> {
  // Sent on every call: the gateway checks the content type of JSON routes.
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  const token = adminToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    cache: 'no-store',
  });
  const text = await response.text();
  const parsed = parseJson(text);
  if (!response.ok) {
    if (response.status === 401) {
      unauthorizedListeners.forEach((listener) => listener());
      // Only the admin API's 401 asks for the admin token; a data-plane 401 is about a gateway key.
      if (awaitSignIn && path.startsWith('/api/')) {
        await new Promise<void>((resume) => signInWaiters.push(resume));
        return apiRequest<T>(method, path, body);
      }
    }
    throw errorFrom(response.status, parsed, text);
  }
  return parsed as T;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, body: unknown, text: string): ApiError {
  const envelope = (body as { error?: unknown } | undefined)?.error ?? body;
  if (typeof envelope === 'string') return new ApiError(status, envelope);
  if (envelope && typeof envelope === 'object') {
    const { message, code, param } = envelope as { message?: unknown; code?: unknown; param?: unknown };
    if (typeof message === 'string') {
      return new ApiError(status, message, typeof code === 'string' ? code : undefined, fieldPath(typeof param === 'string' ? param : undefined, message));
    }
  }
  return new ApiError(status, text.trim() || `The gateway answered ${status}.`);
}
