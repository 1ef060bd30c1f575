import type { KeyHeader, UsageExample } from './snippets';

/** sessionStorage, as the admin token: gone with the tab, never in a URL, never sent to /api/. */
const STORAGE_KEY = 'model-gateway.gateway-key';

export function tryItKey(): string {
  return sessionStorage.getItem(STORAGE_KEY) ?? '';
}

export function setTryItKey(key: string): void {
  if (key) sessionStorage.setItem(STORAGE_KEY, key);
  else sessionStorage.removeItem(STORAGE_KEY);
}

/**
 * The header that carries a gateway key on an example's request: where that API's own
 * SDK puts its key (`Authorization: Bearer` for OpenAI's and the gateway's routes,
 * `x-api-key` for Anthropic's, `x-goog-api-key` for Gemini's). Only for the gateway's
 * data-plane routes: a key is never attached to anything else.
 */
export function gatewayKeyHeaders(example: Pick<UsageExample, 'path' | 'keyHeader'>, key: string): Record<string, string> {
  const trimmed = key.trim();
  if (!trimmed || !example.path.startsWith('/gateway/')) return {};
  return { [example.keyHeader]: keyHeaderValue(example.keyHeader, trimmed) };
}

export function keyHeaderValue(header: KeyHeader, key: string): string {
  return header === 'authorization' ? `Bearer ${key}` : key;
}
