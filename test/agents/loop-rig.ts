import type { OpenAiFakeOptions } from '../fakes/openai-fake';
import { AGENT_CLIS_SETUP_TIMEOUT_MS, ensureAgentClis, type AgentClis } from '../support/agent-clis';
import { startAgentRig, type AgentRig } from './agent-rig';
import { scratch } from './agent-setup';
import { ToolLoop } from './tool-loop';

/** How long one agent run may take on a busy 2-core machine. */
export const LOOP_RUN_TIMEOUT_MS = 120_000;

/** What a tool-loop test drives: the installed CLIs and a rig whose fakes play the model through `loop`; set before the tests run. */
export interface LoopRig {
  readonly loop: ToolLoop;
  clis: AgentClis;
  rig: AgentRig;
}

/**
 * Registers the setup every agent's tool-loop test shares: the CLIs, and a gateway with one
 * endpoint per provider format (`<prefix>-claude`, `-gpt`, `-gemini`; Gemini 3, so its
 * signature rule applies) on fakes that all answer through one ToolLoop.
 */
export function useLoopRig(name: string, endpointPrefix: string, openai: Partial<OpenAiFakeOptions> = {}): LoopRig {
  jest.setTimeout(LOOP_RUN_TIMEOUT_MS + 15_000);
  const setup = { loop: new ToolLoop() } as LoopRig;
  let work: { dir: string; remove(): Promise<void> } | undefined;
  beforeAll(async () => {
    setup.clis = await ensureAgentClis();
    work = await scratch(name);
    setup.rig = await startAgentRig(work.dir, {
      anthropic: { script: setup.loop.anthropic },
      openai: { script: setup.loop.openai, ...openai },
      gemini: { script: setup.loop.gemini },
      endpoints: [
        { name: `${endpointPrefix}-claude`, provider: 'anthropic-up', model: 'claude-sonnet-4-5' },
        { name: `${endpointPrefix}-gpt`, provider: 'openai-up', model: 'gpt-5-mini' },
        { name: `${endpointPrefix}-gemini`, provider: 'gemini-up', model: 'gemini-3-flash-preview' },
      ],
    });
  }, AGENT_CLIS_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await setup.rig?.stop();
    await work?.remove();
  });
  return setup;
}
