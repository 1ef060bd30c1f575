import type { ChatMessage, ChatRequest } from '@model-gateway/core';
import { countTokens, embedText, forcedToolCall, replyText, splitReply } from './mock-replies';

/** The mock's answers are pure functions of the request; tests elsewhere rely on them being exactly predictable. */

function chat(messages: ChatMessage[], more: Partial<ChatRequest> = {}): ChatRequest {
  return { messages, stream: false, streamUsage: false, extra: {}, ...more };
}

const tools = [{ name: 'get_weather' }, { name: 'get_time' }];

describe('replyText', () => {
  it('echoes the last user message, skipping later assistant and tool turns', () => {
    const request = chat([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'an answer' },
      { role: 'user', content: 'second question' },
      { role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'x', arguments: '{}' }] },
      { role: 'tool', content: 'tool output', toolCallId: 'c1' },
    ]);
    expect(replyText(request)).toBe('second question');
  });

  it('joins the text parts of multi-part content and ignores images', () => {
    const request = chat([
      { role: 'user', content: [{ type: 'text', text: 'look ' }, { type: 'image', url: 'https://example.test/a.png' }, { type: 'text', text: 'here' }] },
    ]);
    expect(replyText(request)).toBe('look here');
  });

  it('is empty when there is no user message', () => {
    expect(replyText(chat([{ role: 'system', content: 'only a system prompt' }]))).toBe('');
  });

  it('uses a fixed reply when one is given, even an empty one', () => {
    const request = chat([{ role: 'user', content: 'ignored' }]);
    expect(replyText(request, 'fixed answer')).toBe('fixed answer');
    // '' is a reply, not "no reply": the check must be for undefined, not falsiness.
    expect(replyText(request, '')).toBe('');
  });
});

describe('forcedToolCall', () => {
  const messages: ChatMessage[] = [{ role: 'user', content: 'weather in Paris?' }];

  it('calls the first tool with the text as JSON arguments when tool use is required', () => {
    const call = forcedToolCall(chat(messages, { tools, toolChoice: 'required' }), 'weather in Paris?');
    expect(call).toMatchObject({ name: 'get_weather', arguments: JSON.stringify({ text: 'weather in Paris?' }) });
    expect(JSON.parse(call!.arguments)).toEqual({ text: 'weather in Paris?' });
    expect(call!.id).toMatch(/^call_mock_[0-9a-z]+$/);
  });

  it('calls the named tool when the choice names one', () => {
    const call = forcedToolCall(chat(messages, { tools, toolChoice: { name: 'get_time' } }), 'now');
    expect(call?.name).toBe('get_time');
  });

  it('gives the same id for the same tool and text, and a different one otherwise', () => {
    const request = chat(messages, { tools, toolChoice: 'required' });
    expect(forcedToolCall(request, 'a')!.id).toBe(forcedToolCall(request, 'a')!.id);
    expect(forcedToolCall(request, 'a')!.id).not.toBe(forcedToolCall(request, 'b')!.id);
  });

  it.each([
    ['auto', { tools, toolChoice: 'auto' as const }],
    ['none', { tools, toolChoice: 'none' as const }],
    ['no tool_choice', { tools }],
    ['required without tools', { toolChoice: 'required' as const }],
    ['required with an empty tool list', { tools: [], toolChoice: 'required' as const }],
  ])('does not call a tool for %s', (_name, more) => {
    expect(forcedToolCall(chat(messages, more), 'x')).toBeUndefined();
  });
});

describe('countTokens', () => {
  it.each([
    ['', 0],
    ['one', 1],
    ['two words', 2],
    ['  spaced \n\t out   words  ', 3],
    // Text with no word still costs something; only the empty string is free.
    ['   ', 1],
  ])('%j -> %i', (text, tokens) => {
    expect(countTokens(text)).toBe(tokens);
  });
});

describe('splitReply', () => {
  const text = 'The quick brown fox jumps over the lazy dog';

  it('splits into words by default, keeping the spaces so the pieces rebuild the text', () => {
    const pieces = splitReply(text);
    expect(pieces).toHaveLength(9);
    expect(pieces[0]).toBe('The ');
    expect(pieces.join('')).toBe(text);
  });

  it('keeps leading whitespace as its own piece', () => {
    expect(splitReply('  hi there')).toEqual(['  ', 'hi ', 'there']);
  });

  // Lengths chosen so a naive ceil(length / parts) chunk size gives fewer pieces than asked (10 / 6 -> 5).
  it.each([1, 2, 3, 4, 6, 7, 9, 10])('splits 10 characters into exactly %i pieces', (parts) => {
    const pieces = splitReply('abcdefghij', parts);
    expect(pieces).toHaveLength(parts);
    expect(pieces.join('')).toBe('abcdefghij');
    expect(pieces.every((p) => p.length > 0)).toBe(true);
  });

  it('spreads pieces evenly (lengths differ by at most one)', () => {
    const lengths = splitReply(text, 5).map((p) => p.length);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
  });

  it('gives one piece per character when more pieces are asked than there are characters', () => {
    expect(splitReply('abc', 10)).toEqual(['a', 'b', 'c']);
  });

  it('never cuts a surrogate pair in half', () => {
    const emoji = '😀😃😄😁'; // 4 code points, 8 UTF-16 units
    const pieces = splitReply(emoji, 4);
    expect(pieces).toEqual(['😀', '😃', '😄', '😁']);
    // A lone surrogate would not survive a round trip through UTF-8.
    for (const piece of splitReply(`ab${emoji}cd`, 5)) expect(Buffer.from(piece, 'utf8').toString('utf8')).toBe(piece);
  });

  it('returns no pieces for empty text', () => {
    expect(splitReply('')).toEqual([]);
    expect(splitReply('', 3)).toEqual([]);
  });
});

describe('embedText', () => {
  const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

  it('is deterministic: the same text gives the same vector', () => {
    expect(embedText('hello world', 16)).toEqual(embedText('hello world', 16));
  });

  it('gives different texts different vectors', () => {
    expect(embedText('hello world', 16)).not.toEqual(embedText('hello world!', 16));
  });

  it.each([1, 8, 256, 3072])('has the requested dimension (%i) and unit length', (dimensions) => {
    const vector = embedText('some text', dimensions);
    expect(vector).toHaveLength(dimensions);
    // Components are rounded to float32 (what base64 carries), so the norm is 1 to float precision.
    expect(norm(vector)).toBeCloseTo(1, 5);
  });

  it('survives a very long vector (no argument-spread stack overflow)', () => {
    const vector = embedText('long', 200_000);
    expect(vector).toHaveLength(200_000);
    expect(norm(vector)).toBeCloseTo(1, 3);
  });

  it('holds float32-exact values, so base64 encoding loses nothing', () => {
    for (const x of embedText('float32', 32)) expect(Math.fround(x)).toBe(x);
  });

  it('is unit length for the empty string too', () => {
    expect(norm(embedText('', 8))).toBeCloseTo(1, 5);
  });
});
