import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAiFake, type OpenAiFakeOptions } from '../fakes/openai-fake';
import { BrowserSession, type ViewportName } from './browser';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';

/**
 * What most browser tests stand on: a gateway process on a YAML file, a fake OpenAI
 * upstream behind it and a Chromium session on its UI, plus the small helpers they share.
 */

/** `yaml` written as gateway.config.yaml in a fresh temporary folder named after `prefix`; the file's path. */
export function gatewayConfigFile(prefix: string, yaml: string): string {
  const file = join(mkdtempSync(join(tmpdir(), prefix)), 'gateway.config.yaml');
  writeFileSync(file, yaml);
  return file;
}

/**
 * A gateway whose one YAML connection, `seed`, serves the endpoint `from-yaml`, and whose admin
 * API may add connections to 127.0.0.1 (where the fakes listen): the start of the create/edit flows.
 */
export const seededConfig = (seedUpstream: string, seedKey: string) => `admin: { allow_private_base_urls: true }
providers:
  seed: { type: openai, base_url: "${seedUpstream}", api_key: "${seedKey}" }
endpoints:
  - { name: from-yaml, kind: chat, provider: seed, model: gpt-4o-mini }
`;

/** A form field's accessible name: its label, which an optional field follows with "(optional)". */
export const labelled = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(optional\\))?$`);

/** One chat call through the native OpenAI route, as an application makes it; the status and the parsed answer. */
export async function nativeChat(gatewayUrl: string, endpoint: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${gatewayUrl}/gateway/native/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: endpoint, messages: [{ role: 'user', content: 'Hello!' }] }),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/** The sessionStorage item the token dialog signs a tab in with. */
export const ADMIN_TOKEN_ITEM = 'model-gateway.admin-token';

/** The page's sessionStorage, as page.evaluate sees it (the tests compile without the DOM's types). */
export type TabStorage = { sessionStorage: { getItem(name: string): string | null; setItem(name: string, value: string): void } };

/** Signs the session's tab in as the token dialog leaves it: the admin token in the tab's sessionStorage. */
export async function signInTab(session: BrowserSession, token: string): Promise<void> {
  await session.open('/');
  await session.page.evaluate(([item, value]) => (globalThis as unknown as TabStorage).sessionStorage.setItem(item, value), [ADMIN_TOKEN_ITEM, token] as const);
}

export interface UiGateway {
  upstream: OpenAiFake;
  gw: GatewayProcess;
  session: BrowserSession;
}

export interface UiGatewayOptions {
  /** The temporary folder's name prefix, so a failed run's file says which test wrote it. */
  prefix: string;
  /** The gateway's YAML, given the fake upstream's base URL. */
  config: (upstreamUrl: string) => string;
  /** The gateway process's extra environment (admin token, secrets key). */
  env?: Record<string, string>;
  viewport?: ViewportName;
  upstream?: OpenAiFakeOptions;
}

/** Starts the fake upstream, the gateway process on its YAML, then a Chromium session on the gateway. */
export async function startUiGateway(options: UiGatewayOptions): Promise<UiGateway> {
  const upstream = await OpenAiFake.start(options.upstream);
  let gw: GatewayProcess | undefined;
  try {
    gw = await startGatewayProcess(gatewayConfigFile(options.prefix, options.config(upstream.baseUrl)), options.env);
    const session = await BrowserSession.start(gw.url, { viewport: options.viewport });
    return { upstream, gw, session };
  } catch (error) {
    await stopUiGateway({ gw, upstream });
    throw error;
  }
}

/** Stops what startUiGateway started, browser first; any part may be missing when the start failed half-way. */
export async function stopUiGateway(ui: Partial<UiGateway>): Promise<void> {
  await ui.session?.close();
  await ui.gw?.stop();
  await ui.upstream?.close();
}
