import { AnthropicFake, type AnthropicRequest } from '../fakes/anthropic-fake';
import type { FakeOptions } from '../fakes/fake-server';
import { GeminiFake, type GeminiFakeOptions } from '../fakes/gemini-fake';
import { OpenAiFake, type OpenAiFakeOptions } from '../fakes/openai-fake';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { writeIn } from './agent-setup';

/**
 * What each coding-agent test drives its CLI against: a gateway process in front of a fake
 * of each wire format (Anthropic, OpenAI, Gemini), one connection per fake holding the key
 * the gateway, never the agent, sends upstream.
 */

/** The keys the gateway holds for its connections; the agents send only placeholders. */
export const HELD_KEYS = { anthropic: 'sk-ant-gateway-held', openai: 'sk-openai-gateway-held', gemini: 'AIza-gateway-held' };

export type RigConnection = 'anthropic-up' | 'openai-up' | 'gemini-up';

export interface AgentRig {
  anthropic: AnthropicFake;
  openai: OpenAiFake;
  gemini: GeminiFake;
  gateway: GatewayProcess;
  /** Forgets every fake's recorded requests (between tests). */
  reset(): void;
  stop(): Promise<void>;
}

export interface RigOptions {
  /** Scripts for the fakes that answer the agent's tool turns. */
  anthropic?: FakeOptions<AnthropicRequest>;
  openai?: OpenAiFakeOptions;
  gemini?: GeminiFakeOptions;
  endpoints: Array<{ name: string; provider: RigConnection; model: string }>;
}

/** Starts the fakes and a gateway with `endpoints` on them; its config is written into `dir`. */
export async function startAgentRig(dir: string, options: RigOptions): Promise<AgentRig> {
  const [anthropic, openai, gemini] = await Promise.all([AnthropicFake.start(options.anthropic), OpenAiFake.start(options.openai), GeminiFake.start(options.gemini)]);
  const config = {
    providers: {
      'anthropic-up': { type: 'anthropic', base_url: anthropic.baseUrl, api_key: HELD_KEYS.anthropic },
      'openai-up': { type: 'openai', base_url: openai.baseUrl, api_key: HELD_KEYS.openai },
      'gemini-up': { type: 'gemini', base_url: gemini.baseUrl, api_key: HELD_KEYS.gemini },
    },
    endpoints: options.endpoints.map((endpoint) => ({ ...endpoint, kind: 'chat' })),
  };
  const gateway = await startGatewayProcess(await writeIn(dir, 'gateway.yaml', JSON.stringify(config)));
  return {
    anthropic,
    openai,
    gemini,
    gateway,
    reset: () => [anthropic, openai, gemini].forEach((fake) => fake.reset()),
    stop: async () => {
      await gateway.stop();
      await Promise.all([anthropic.close(), openai.close(), gemini.close()]);
    },
  };
}
