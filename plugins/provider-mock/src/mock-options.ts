import { z } from 'zod';

/** Connection options; every one can also be set per request in a `mock` object in the body. */
export const mockOptionsSchema = z.object({
  latency_ms: z.number().int().min(0).default(0).describe('Delay before answering (streams: before the first chunk), in milliseconds.'),
  chunk_interval_ms: z.number().int().min(0).default(0).describe('Delay between stream chunks, in milliseconds.'),
  stream_chunks: z.number().int().min(1).optional().describe('Split a streamed answer into this many content chunks (default: one per word).'),
  fail_status: z.number().int().min(400).max(599).optional().describe('Fail every call with this HTTP status, the way a provider would.'),
  embedding_dimensions: z.number().int().min(1).max(4096).default(8).describe('Length of the deterministic embedding vectors.'),
});

export type MockOptions = z.output<typeof mockOptionsSchema>;

/** Per-request overrides (tests drive behaviour through the body): the options plus a fixed reply. */
const overrideSchema = mockOptionsSchema.partial().extend({ reply: z.string().optional() }).strict();

export type MockBehaviour = MockOptions & { reply?: string };

export function mockBehaviour(options: MockOptions, extra: Record<string, unknown>): MockBehaviour {
  if (extra.mock === undefined) return options;
  const parsed = overrideSchema.safeParse(extra.mock);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // Unknown keys and a non-object `mock` are reported at the root, with an empty path.
    const where = issue.path.length > 0 ? `mock.${issue.path.join('.')}` : 'mock';
    throw new Error(`${where}: ${issue.message}`);
  }
  return { ...options, ...parsed.data };
}
