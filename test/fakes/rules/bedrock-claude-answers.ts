import { countCachePoints } from './bedrock-converse-rules';
import { signThinking } from './bedrock-thinking-rules';

/**
 * Claude-on-Bedrock answers the conformance fixtures do not cover: a stop on the client's
 * stop sequence (named in additionalModelResponseFields only when its path was asked for,
 * as Converse does) and a thinking + tool call turn with signed reasoning blocks (one, two
 * adjacent, or two with text between them). Also the
 * cache counts a request with cache points gets (Converse usage: cacheReadInputTokens,
 * cacheWriteInputTokens beside inputTokens, which leaves both out).
 */

export interface ClaudeAnswer {
  content: any[];
  stopReason: string;
  usage: Record<string, number>;
  responseFields?: Record<string, unknown>;
}

/** Fixed cache counts, so tests can check exact numbers: a write per cache point and one read. */
export const CACHE_USAGE = { read: 100, writePerPoint: 20 };
export const THINKING_TEXT = 'The user wants the weather; I will call the tool.';
export const REDACTED_THINKING = 'ZW5jcnlwdGVkLXRoaW5raW5n';
export const BETWEEN_THOUGHTS = 'Let me look that up.';
const BASE_USAGE = { inputTokens: 11, outputTokens: 7, totalTokens: 18 };

/** The answer for a Claude-only scenario, or undefined for every other request. */
export function claudeAnswer(scenario: string | undefined, body: any): ClaudeAnswer | undefined {
  switch (scenario) {
    case 'stop-sequence': {
      const sequence: string | undefined = body?.inferenceConfig?.stopSequences?.[0];
      if (!sequence) return { content: [{ text: 'no stop sequence was given' }], stopReason: 'end_turn', usage: BASE_USAGE };
      const asked = (body?.additionalModelResponseFieldPaths ?? []).includes('/stop_sequence');
      return { content: [{ text: 'Counting: 1, 2, 3' }], stopReason: 'stop_sequence', usage: BASE_USAGE, ...(asked && { responseFields: { stop_sequence: sequence } }) };
    }
    case 'thinking-tools':
    case 'thinking-tools-redacted':
    case 'thinking-text-redacted-tools': {
      const reasoning: any[] = [{ reasoningContent: { reasoningText: { text: THINKING_TEXT, signature: signThinking(THINKING_TEXT) } } }];
      // Interleaved thinking: Claude may think again after writing text, before its tool call.
      if (scenario === 'thinking-text-redacted-tools') reasoning.push({ text: BETWEEN_THOUGHTS });
      if (scenario !== 'thinking-tools') reasoning.push({ reasoningContent: { redactedContent: REDACTED_THINKING } });
      const toolUse = { toolUse: { toolUseId: 'tooluse_fake_1', name: 'get_weather', input: { city: 'Paris' } } };
      return { content: [...reasoning, toolUse], stopReason: 'tool_use', usage: BASE_USAGE };
    }
    default:
      return undefined;
  }
}

/** The usage with cache counts when the request placed cache points. */
export function withCacheUsage(usage: Record<string, number>, body: any): Record<string, number> {
  const points = countCachePoints(body);
  if (points === 0) return usage;
  const write = CACHE_USAGE.writePerPoint * points;
  return { ...usage, cacheReadInputTokens: CACHE_USAGE.read, cacheWriteInputTokens: write, totalTokens: usage.totalTokens + CACHE_USAGE.read + write };
}
