import type { Logger } from 'pino';
import { GatewayError } from '../errors/gateway-error';
import type { PipelinePlugin } from '../contracts/pipeline-plugin';
import type { UpstreamRequest } from '../contracts/upstream-request';
import type { AttemptContext } from '../contracts/attempt-context';
import type { AttemptRecord } from '../contracts/attempt-record';
import type { CallContext } from '../contracts/call-context';
import { Pipeline } from './pipeline';

/** Phase order and failure rules of the pipeline, with plugins that only write down what ran. */

const call = {} as CallContext;
const attempt = { call: { headers: {} } } as unknown as AttemptContext;
const record = {} as AttemptRecord;
const request: UpstreamRequest = { method: 'POST', url: 'http://127.0.0.1/x', headers: {} };
const error = new GatewayError('upstream_error', 'boom');

function fakeLogger() {
  return { error: jest.fn(), warn: jest.fn(), info: jest.fn(), debug: jest.fn() };
}

/** A plugin implementing every phase, each appending `${name}:${phase}` to `ran`. */
function recorder(name: string, priority: number, ran: string[]): PipelinePlugin {
  const note = (phase: string) => () => void ran.push(`${name}:${phase}`);
  return {
    name,
    priority,
    onRequest: note('onRequest'),
    resolve: note('resolve'),
    authorize: note('authorize'),
    onAttemptEnd: note('onAttemptEnd'),
    onFinish: note('onFinish'),
    onError: note('onError'),
  };
}

async function runEveryPhase(pipeline: Pipeline): Promise<void> {
  await pipeline.onRequest(call);
  await pipeline.resolve(call);
  await pipeline.authorize(attempt, request);
  pipeline.attemptEnd(record, call);
  pipeline.finish(call);
  pipeline.error(call, error);
}

describe('Pipeline', () => {
  it('runs request-side phases by ascending priority and response-side phases by descending priority', async () => {
    const ran: string[] = [];
    // Registered out of order: the pipeline, not registration, decides the order.
    const pipeline = new Pipeline([recorder('late', 900, ran), recorder('early', 100, ran), recorder('middle', 500, ran)], fakeLogger() as unknown as Logger);
    await runEveryPhase(pipeline);
    const order = (phase: string) => ran.filter((entry) => entry.endsWith(`:${phase}`)).map((entry) => entry.split(':')[0]);
    for (const phase of ['onRequest', 'resolve', 'authorize']) expect(order(phase)).toEqual(['early', 'middle', 'late']);
    for (const phase of ['onAttemptEnd', 'onFinish', 'onError']) expect(order(phase)).toEqual(['late', 'middle', 'early']);
  });

  it('waits for each async request-side hook before the next one starts', async () => {
    const ran: string[] = [];
    const slow: PipelinePlugin = {
      name: 'slow',
      priority: 1,
      onRequest: async () => {
        await new Promise((r) => setTimeout(r, 20));
        ran.push('slow');
      },
    };
    const pipeline = new Pipeline([recorder('fast', 2, ran), slow], fakeLogger() as unknown as Logger);
    await pipeline.onRequest(call);
    expect(ran).toEqual(['slow', 'fast:onRequest']);
  });

  it('returns no promise when every request-side hook finished synchronously, so the runtime awaits nothing', () => {
    const ran: string[] = [];
    const pipeline = new Pipeline([recorder('a', 1, ran), recorder('b', 2, ran)], fakeLogger() as unknown as Logger);
    expect(pipeline.onRequest(call)).toBeUndefined();
    expect(pipeline.resolve(call)).toBeUndefined();
    expect(pipeline.authorize(attempt, request)).toBeUndefined();
    expect(ran).toEqual(['a:onRequest', 'b:onRequest', 'a:resolve', 'b:resolve', 'a:authorize', 'b:authorize']);
  });

  it('runs the hooks after an async one once it has settled, in order, and stops at a rejection', async () => {
    const ran: string[] = [];
    const slow: PipelinePlugin = { name: 'slow', priority: 2, resolve: async () => void ran.push('slow') };
    const failing: PipelinePlugin = { name: 'failing', priority: 2, resolve: async () => Promise.reject(new GatewayError('endpoint_not_found', 'none')) };
    const pending = new Pipeline([recorder('first', 1, ran), slow, recorder('last', 3, ran)], fakeLogger() as unknown as Logger).resolve(call);
    expect(ran).toEqual(['first:resolve', 'slow']);
    await pending;
    expect(ran).toEqual(['first:resolve', 'slow', 'last:resolve']);
    ran.length = 0;
    await expect(new Pipeline([failing, recorder('after', 3, ran)], fakeLogger() as unknown as Logger).resolve(call)).rejects.toMatchObject({ code: 'endpoint_not_found' });
    expect(ran).toEqual([]);
  });

  it('lets a request-side hook refuse the call: its error propagates and later hooks do not run', async () => {
    const ran: string[] = [];
    const refuse: PipelinePlugin = { name: 'refuse', priority: 200, onRequest: () => { throw new GatewayError('invalid_parameter', 'no'); } };
    const pipeline = new Pipeline([recorder('before', 100, ran), refuse, recorder('after', 300, ran)], fakeLogger() as unknown as Logger);
    await expect(pipeline.onRequest(call)).rejects.toMatchObject({ code: 'invalid_parameter' });
    expect(ran).toEqual(['before:onRequest']);
  });

  it('logs a throwing onAttemptEnd hook with its plugin and phase, and still runs the others', () => {
    const ran: string[] = [];
    const logger = fakeLogger();
    const failure = new Error('counter write exploded');
    const broken: PipelinePlugin = { name: 'broken', priority: 500, onAttemptEnd: () => { throw failure; } };
    const pipeline = new Pipeline([recorder('low', 100, ran), broken, recorder('high', 900, ran)], logger as unknown as Logger);
    expect(() => pipeline.attemptEnd(record, call)).not.toThrow();
    // 'high' ran before the broken hook, 'low' after it: the failure stopped neither.
    expect(ran).toEqual(['high:onAttemptEnd', 'low:onAttemptEnd']);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith({ plugin: 'broken', phase: 'onAttemptEnd', err: failure }, 'pipeline hook failed');
  });

  it.each(['onFinish', 'onError'] as const)('guards %s the same way', (phase) => {
    const ran: string[] = [];
    const logger = fakeLogger();
    const broken: PipelinePlugin = { name: 'broken', priority: 900, [phase]: () => { throw new Error('x'); } };
    const pipeline = new Pipeline([recorder('other', 100, ran), broken], logger as unknown as Logger);
    if (phase === 'onFinish') pipeline.finish(call);
    else pipeline.error(call, error);
    expect(ran).toEqual([`other:${phase}`]);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ plugin: 'broken', phase }), 'pipeline hook failed');
  });

  it('logs an async response-side hook that rejects, instead of leaving an unhandled rejection', async () => {
    const logger = fakeLogger();
    const failure = new Error('async failure');
    // Declared async, as plugin authors often do; the contract's `void` return type allows it.
    const asyncBroken = { name: 'async-broken', priority: 900, onFinish: async () => { throw failure; } } as PipelinePlugin;
    const pipeline = new Pipeline([asyncBroken], logger as unknown as Logger);
    expect(() => pipeline.finish(call)).not.toThrow();
    await new Promise((r) => setImmediate(r));
    expect(logger.error).toHaveBeenCalledWith({ plugin: 'async-broken', phase: 'onFinish', err: failure }, 'pipeline hook failed');
  });

  it('skips plugins that do not implement a phase, and calls hooks with their plugin as `this`', async () => {
    const logger = fakeLogger();
    const seen: string[] = [];
    class OnlyAuthorize implements PipelinePlugin {
      readonly name = 'only-authorize';
      readonly priority = 500;
      authorize(): void {
        seen.push(this.name);
      }
    }
    const bare: PipelinePlugin = { name: 'bare', priority: 100 };
    const pipeline = new Pipeline([bare, new OnlyAuthorize()], logger as unknown as Logger);
    // Calling a missing hook would throw a TypeError: rejected on the way in, logged on the way out.
    await expect(runEveryPhase(pipeline)).resolves.toBeUndefined();
    expect(logger.error).not.toHaveBeenCalled();
    expect(seen).toEqual(['only-authorize']);
  });

  it('sets the hop count on every upstream request over the client\'s, before the hooks (a signer) see the headers', async () => {
    const seen: Array<string | undefined> = [];
    const signer: PipelinePlugin = { name: 'signer', priority: 1, authorize: (_a, r) => void seen.push(r.headers['x-gateway-hops']) };
    const pipeline = new Pipeline([signer], fakeLogger() as unknown as Logger);
    for (const [arrived, sent] of [[undefined, '1'], ['0', '1'], ['2', '3'], ['0, 3', '4']] as const) {
      const sentRequest: UpstreamRequest = { method: 'POST', url: 'http://127.0.0.1/x', headers: { 'x-gateway-hops': '0' } };
      const from = { call: { headers: arrived === undefined ? {} : { 'x-gateway-hops': arrived } } } as unknown as AttemptContext;
      await pipeline.authorize(from, sentRequest);
      expect(sentRequest.headers['x-gateway-hops']).toBe(sent);
    }
    expect(seen).toEqual(['1', '1', '3', '4']);
  });

  it('exposes authorize as a detached function, the way attempts call it', async () => {
    const ran: string[] = [];
    const { authorize } = new Pipeline([recorder('a', 1, ran)], fakeLogger() as unknown as Logger);
    await authorize(attempt, request);
    expect(ran).toEqual(['a:authorize']);
  });
});
