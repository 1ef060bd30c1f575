import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * The README's provider figures are the registered ones: the total (twice), how many serve
 * chat and embeddings (the UI's Provider list for a chat endpoint shows the chat ones, which
 * is why it offers fewer than the total), and the native types it names plus the data table's.
 */

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8').replace(/\s+/g, ' ');

function figure(pattern: RegExp): number[] {
  const match = pattern.exec(README);
  if (!match) throw new Error(`README.md no longer says ${pattern}; update this test with it`);
  return match.slice(1).map(Number);
}

describe("the README's provider count", () => {
  let gw: TestGateway;
  let providers: Array<{ type: string; capabilities: { chat?: boolean; embeddings?: boolean } }>;

  beforeAll(async () => {
    gw = await startGateway('endpoints: []\n');
    providers = ((await (await fetch(`${gw.url}/api/providers`)).json()) as { data: typeof providers }).data;
  });
  afterAll(() => gw.close());

  it('says how many provider types GET /api/providers lists, and how many of them serve chat and embeddings', () => {
    const [headline] = figure(/\*\*(\d+) provider types\*\*/);
    const [total, chat, embeddings] = figure(/(\d+) in all, (\d+) for chat and (\d+) for embeddings/);
    expect({ headline, total, chat, embeddings }).toEqual({
      headline: providers.length,
      total: providers.length,
      chat: providers.filter((p) => p.capabilities.chat).length,
      embeddings: providers.filter((p) => p.capabilities.embeddings).length,
    });
  });

  it('names native types that exist, and counts the rest as the data table', () => {
    const sentence = /Native plugins for (.*?), plus (\d+) OpenAI-compatible types/.exec(README);
    expect(sentence).not.toBeNull();
    const natives = [...sentence![1].matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]);
    const types = new Set(providers.map((p) => p.type));
    expect(natives.filter((type) => !types.has(type))).toEqual([]);
    expect(Number(sentence![2])).toBe(providers.length - natives.length);
  });
});
