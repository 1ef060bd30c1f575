import { usageChunkFilter } from './usage-chunk-filter';

const event = (data: unknown) => `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
const content = event({ id: 'c', choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: null }] });
const usageOnly = event({ id: 'c', choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } });

describe('usageChunkFilter', () => {
  it('drops only the usage-only chunk, keeping every other byte', () => {
    const filter = usageChunkFilter();
    const out = filter.write(Buffer.from(content + usageOnly + event('[DONE]'))).toString() + filter.end().toString();
    expect(out).toBe(content + event('[DONE]'));
  });

  it('re-cuts events split across chunks, even inside a multi-byte character', () => {
    const text = content.replace('hi', 'héllo') + usageOnly + event('[DONE]');
    const bytes = Buffer.from(text);
    const filter = usageChunkFilter();
    let out = '';
    for (let i = 0; i < bytes.length; i += 7) out += filter.write(bytes.subarray(i, i + 7)).toString();
    out += filter.end().toString();
    expect(out).toBe(content.replace('hi', 'héllo') + event('[DONE]'));
  });

  it('keeps a chunk with choices and usage, and a trailing event without a blank line', () => {
    const both = event({ choices: [{ index: 0, delta: {} }], usage: { total_tokens: 2 } });
    const filter = usageChunkFilter();
    expect(filter.write(Buffer.from(both)).toString() + filter.end().toString()).toBe(both);
    const trailing = usageChunkFilter();
    expect(trailing.write(Buffer.from('data: [DONE]')).toString() + trailing.end().toString()).toBe('data: [DONE]');
  });
});
