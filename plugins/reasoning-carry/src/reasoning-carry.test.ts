import pino from 'pino';
import { sealReasoning, type CallContext, type ChatOutput, type ChatRequest, type ChatResponse } from '@model-gateway/core';
import { EmbeddedStateStore } from '@model-gateway/core/testing';
import { CARRY_TTL_MS } from './carried-entry';
import { ReasoningCarry } from './reasoning-carry';

const envelope = sealReasoning('anthropic', [{ type: 'thinking', thinking: 'hmm', signature: 'sig' }]);
const chatOutput = { carriesReasoningSignature: false } as ChatOutput;
const tools = [{ name: 'lookup' }];

function setup() {
  let now = 1_000_000;
  const store = new EmbeddedStateStore(() => now, 3_600_000);
  const plugin = new ReasoningCarry(store, pino({ level: 'silent' }), () => now);
  return { plugin, store, advance: (ms: number) => (now += ms) };
}

function callWith(request: ChatRequest, principal?: string): CallContext {
  return { requestId: 'r', request, principal: principal ? { id: principal } : undefined } as unknown as CallContext;
}

const turnOne = (): ChatRequest => ({ messages: [{ role: 'user', content: 'weather?' }], tools, stream: false, streamUsage: false, extra: {} });
const answer: ChatResponse = {
  id: 'a', created: 0, model: 'm',
  choices: [{ index: 0, finishReason: 'tool_calls', message: { role: 'assistant', content: null, reasoningSignature: envelope, toolCalls: [{ id: 'toolu_1', name: 'lookup', arguments: '{}' }] } }],
};
const turnTwo = (): ChatRequest => ({
  ...turnOne(),
  messages: [
    { role: 'user', content: 'weather?' },
    { role: 'assistant', content: null, toolCalls: [{ id: 'toolu_1', name: 'lookup', arguments: '{}' }] },
    { role: 'tool', toolCallId: 'toolu_1', content: 'sunny' },
  ],
});

describe('ReasoningCarry', () => {
  it('keeps the envelope of a tool-call answer to a Chat Completions client and restores it on the next turn', async () => {
    const { plugin } = setup();
    await plugin.watchAnswer(callWith(turnOne()), chatOutput)!.end(answer);
    const next = turnTwo();
    await plugin.prepareChat(callWith(next), next);
    expect(next.messages[1].reasoningSignature).toBe(envelope);
  });

  it('keeps a streamed envelope sent before the first tool call', async () => {
    const { plugin } = setup();
    const watcher = plugin.watchAnswer(callWith(turnOne()), chatOutput)!;
    const chunk = (delta: object) => ({ id: 'a', created: 0, model: 'm', choices: [{ index: 0, delta, finishReason: null }] });
    watcher.chunk(chunk({ reasoning: 'hmm' }));
    watcher.chunk(chunk({ reasoningSignature: envelope }));
    watcher.chunk(chunk({ toolCalls: [{ index: 0, id: 'toolu_1', name: 'lookup', argumentsDelta: '' }] }));
    watcher.chunk(chunk({ reasoningSignature: sealReasoning('gemini', ['later']) }));
    await watcher.end(undefined);
    const next = turnTwo();
    await plugin.prepareChat(callWith(next), next);
    expect(next.messages[1].reasoningSignature).toBe(envelope);
  });

  it('restores nothing after the time to live, nor to another principal', async () => {
    const { plugin, advance } = setup();
    await plugin.watchAnswer(callWith(turnOne(), 'key-a'), chatOutput)!.end(answer);
    const other = turnTwo();
    await plugin.prepareChat(callWith(other, 'key-b'), other);
    expect(other.messages[1].reasoningSignature).toBeUndefined();
    advance(CARRY_TTL_MS + 1);
    const late = turnTwo();
    await plugin.prepareChat(callWith(late, 'key-a'), late);
    expect(late.messages[1].reasoningSignature).toBeUndefined();
  });

  it('does nothing for formats that carry the signature, calls without tools, or requests without an unsigned tool turn', () => {
    const { plugin } = setup();
    expect(plugin.watchAnswer(callWith(turnOne()), {} as ChatOutput)).toBeUndefined();
    expect(plugin.watchAnswer(callWith({ ...turnOne(), tools: undefined }), chatOutput)).toBeUndefined();
    expect(plugin.prepareChat(callWith(turnOne()), turnOne())).toBeUndefined();
    const signed = turnTwo();
    signed.messages[1].reasoningSignature = envelope;
    expect(plugin.prepareChat(callWith(signed), signed)).toBeUndefined();
  });
});
