import { redactedThinkingData, signThinking, thinkingRule } from './anthropic-thinking';

const toolTurn = (first: object[]) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 4096,
  thinking: { type: 'enabled', budget_tokens: 2048 },
  messages: [
    { role: 'user', content: 'Weather?' },
    { role: 'assistant', content: [...first, { type: 'tool_use', id: 't1', name: 'get_weather', input: {} }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'sunny' }] },
  ],
});

describe('the Anthropic fake\'s thinking rules', () => {
  it('takes a final tool turn that starts with a thinking or redacted_thinking block the fake signed', () => {
    expect(thinkingRule(toolTurn([{ type: 'thinking', thinking: 'hmm', signature: signThinking('hmm') }]))).toBeUndefined();
    expect(thinkingRule(toolTurn([{ type: 'redacted_thinking', data: redactedThinkingData('secret') }]))).toBeUndefined();
  });

  it('refuses a final tool turn without a thinking block, or with one it did not sign, in Anthropic\'s words', () => {
    expect(thinkingRule(toolTurn([]))).toMatch(/^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`/);
    expect(thinkingRule(toolTurn([{ type: 'thinking', thinking: 'edited', signature: signThinking('hmm') }]))).toBe('messages.1.content.0: Invalid `signature` in `thinking` block');
  });

  it('asks nothing while thinking is off, and holds the budget to [1024, max_tokens)', () => {
    expect(thinkingRule({ ...toolTurn([]), thinking: undefined })).toBeUndefined();
    expect(thinkingRule({ ...toolTurn([]), thinking: { type: 'enabled', budget_tokens: 512 } })).toMatch(/budget_tokens/);
    expect(thinkingRule({ ...toolTurn([]), thinking: { type: 'enabled', budget_tokens: 4096 } })).toMatch(/budget_tokens/);
  });
});
