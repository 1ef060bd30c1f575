import { AnthropicFake } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from './admin-client';
import { startGateway, type TestGateway } from './start-gateway';

/**
 * A gateway with `auth.require_keys` in front of a fake of each format (endpoints `gpt`,
 * `claude`, `gem`), and three gateway keys made through the admin API: one for every
 * endpoint, one for `gpt` only, and one revoked. What the SDK tests, JS and Python alike,
 * present their keys to.
 */

/** The keys the gateway's connections hold; a client never sends them. */
export const UPSTREAM_KEYS = { openai: 'sk-upstream-keys-01', anthropic: 'sk-ant-upstream-keys-02', gemini: 'AIza-upstream-keys-03' };

export interface KeyedGateway {
  gw: TestGateway;
  openai: OpenAiFake;
  anthropic: AnthropicFake;
  gemini: GeminiFake;
  keys: { all: string; gptOnly: string; revoked: string };
  /** Every request the fakes received. */
  upstreamRequests(): Array<OpenAiFake['requests'][number] | AnthropicFake['requests'][number] | GeminiFake['requests'][number]>;
  close(): Promise<void>;
}

export async function startKeyedGateway(): Promise<KeyedGateway> {
  const [openai, anthropic, gemini] = await Promise.all([OpenAiFake.start(), AnthropicFake.start(), GeminiFake.start()]);
  const gw = await startGateway(`
auth: { require_keys: true }
providers:
  oa: { type: openai, base_url: "${openai.baseUrl}", api_key: "${UPSTREAM_KEYS.openai}" }
  an: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "${UPSTREAM_KEYS.anthropic}" }
  gm: { type: gemini, base_url: "${gemini.baseUrl}", api_key: "${UPSTREAM_KEYS.gemini}" }
endpoints:
  - { name: gpt, kind: chat, provider: oa, model: gpt-4o-mini }
  - { name: claude, kind: chat, provider: an, model: claude-haiku-4-5 }
  - { name: gem, kind: chat, provider: gm, model: gemini-2.5-flash }
`);
  const admin = adminClient(gw.url);
  const create = async (name: string, endpoints: '*' | string[]) => {
    const created = await admin.post('/api/keys', { name, endpoints });
    if (created.status !== 201) throw new Error(`creating key ${name}: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body as { id: string; key: string };
  };
  const all = await create('all', '*');
  const gptOnly = await create('gpt only', ['gpt']);
  const revoked = await create('revoked', '*');
  const revocation = await admin.delete(`/api/keys/${revoked.id}`);
  if (revocation.status !== 204) throw new Error(`revoking a key: ${revocation.status}`);
  return {
    gw,
    openai,
    anthropic,
    gemini,
    keys: { all: all.key, gptOnly: gptOnly.key, revoked: revoked.key },
    upstreamRequests: () => [...openai.requests, ...anthropic.requests, ...gemini.requests],
    close: async () => {
      await gw.close();
      await Promise.all([openai.close(), anthropic.close(), gemini.close()]);
    },
  };
}
