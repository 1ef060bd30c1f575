import type { AnthropicBehaviour, AnthropicRequest } from '../anthropic-fake';
import { json } from '../fake-server';
import { fakeTokenCount } from './gemini-count-tokens';

/**
 * Anthropic's token counting, `POST /v1/messages/count_tokens`
 * (https://docs.anthropic.com/en/api/messages-count-tokens): `model` and `messages` are
 * required; the other body parameters are `system`, `tools`, `tool_choice`, `thinking`,
 * `mcp_servers`, `context_management` and `output_config`. Anything else (`max_tokens`,
 * `stream`, sampling knobs) is refused as an extra input, as Anthropic's Messages fields are.
 * The answer is `{input_tokens}`; the fake's count is the words of the texts (as the Gemini
 * fake's), so a test can tell it from the gateway's estimate.
 * Given as a `script` (AnthropicFake.start({script: anthropicCountTokens})), for tests of count calls.
 */
const COUNT_FIELDS = new Set(['model', 'messages', 'system', 'tools', 'tool_choice', 'thinking', 'mcp_servers', 'context_management', 'output_config']);

export function countTokensProblem(body: any): string | undefined {
  const extra = Object.keys(body ?? {}).find((key) => !COUNT_FIELDS.has(key));
  if (extra) return `${extra}: Extra inputs are not permitted`;
  if (typeof body?.model !== 'string') return 'model: Field required';
  if (!Array.isArray(body?.messages) || body.messages.length === 0) return 'messages: Field required';
  return undefined;
}

const countTokens: AnthropicBehaviour = (req, res) => {
  const problem = countTokensProblem(req.body);
  if (problem) return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: problem } });
  json(res, 200, { input_tokens: fakeTokenCount(req.body) });
};

/** The strict count behaviour for count_tokens calls; other calls keep the fake's answers. */
export const anthropicCountTokens = (req: AnthropicRequest): AnthropicBehaviour | undefined =>
  req.method === 'POST' && req.pathname === '/v1/messages/count_tokens' ? countTokens : undefined;
