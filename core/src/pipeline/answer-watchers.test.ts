import pino from 'pino';
import type { ChatChunk, ChatResponse } from '../canonical/chat';
import type { ChatOutput } from '../contracts/call-outputs';
import type { CallContext } from '../contracts/call-context';
import type { PipelinePlugin } from '../contracts/pipeline-plugin';
import { Pipeline } from './pipeline';

const call = {} as CallContext;
const output = {} as ChatOutput;
const chunk = { id: 'c', created: 0, model: 'm', choices: [] } as ChatChunk;

describe('Pipeline.watchAnswer', () => {
  it('is undefined when no plugin watches the answer', () => {
    const quiet: PipelinePlugin = { name: 'quiet', priority: 1, watchAnswer: () => undefined };
    expect(new Pipeline([quiet], pino({ level: 'silent' })).watchAnswer(call, output)).toBeUndefined();
  });

  it('runs every watcher; one that throws or rejects is logged and the others still see the answer', async () => {
    const seen: string[] = [];
    const broken: PipelinePlugin = {
      name: 'broken', priority: 1,
      watchAnswer: () => ({ chunk: () => { throw new Error('chunk'); }, end: () => Promise.reject(new Error('end')) }),
    };
    const keeper: PipelinePlugin = {
      name: 'keeper', priority: 2,
      watchAnswer: () => ({ chunk: () => void seen.push('chunk'), end: (response: ChatResponse | undefined) => void seen.push(response ? 'response' : 'end') }),
    };
    const logged: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line).plugin) });
    const watcher = new Pipeline([broken, keeper], logger).watchAnswer(call, output)!;
    watcher.chunk(chunk);
    await watcher.end(undefined);
    expect(seen).toEqual(['chunk', 'end']);
    expect(logged).toEqual(['broken', 'broken']);
  });
});

describe('Pipeline.prepareChat', () => {
  it('returns no promise when every hook finished at once', () => {
    const sync: PipelinePlugin = { name: 'sync', priority: 1, prepareChat: () => undefined };
    expect(new Pipeline([sync], pino({ level: 'silent' })).prepareChat(call, { messages: [], stream: false, streamUsage: false, extra: {} })).toBeUndefined();
  });
});
