import { container } from 'tsyringe';
import type { GatewayPlugin, PluginDependencies, PipelineRead } from '../contracts/gateway-plugin';
import type { PipelinePlugin } from '../contracts/pipeline-plugin';
import { checkPipelineReads, orderByDependencies, PluginDependencyError, type DeclaredPlugin } from './plugin-dependencies';
import { PluginRegistry } from './plugin-registry';

const needs = (name: string, ...plugins: string[]): DeclaredPlugin => ({ name, dependencies: plugins.length > 0 ? { plugins } : undefined });
const names = (plugins: readonly DeclaredPlugin[]) => plugins.map((p) => p.name);

describe('orderByDependencies', () => {
  it('keeps the given order when nothing is declared, or when dependencies already come first', () => {
    expect(names(orderByDependencies([needs('a'), needs('b'), needs('c', 'a')]))).toEqual(['a', 'b', 'c']);
  });

  it('pulls a dependency listed later forward, to just before the first plugin that needs it, leaving the rest in place', () => {
    const order = orderByDependencies([needs('x'), needs('keys', 'admin'), needs('y'), needs('admin'), needs('z')]);
    expect(names(order)).toEqual(['x', 'admin', 'keys', 'y', 'z']);
  });

  it('keeps a plugin listed twice twice, so the registry can refuse the second', () => {
    expect(names(orderByDependencies([needs('a'), needs('b', 'a'), needs('a')]))).toEqual(['a', 'b', 'a']);
  });

  it('orders chains of dependencies', () => {
    expect(names(orderByDependencies([needs('c', 'b'), needs('b', 'a'), needs('a')]))).toEqual(['a', 'b', 'c']);
  });

  it('refuses a missing dependency, naming both plugins', () => {
    expect(() => orderByDependencies([needs('gateway-keys', 'admin-api')])).toThrow(new PluginDependencyError('plugin "gateway-keys" needs "admin-api", which is not loaded'));
  });

  it('counts the writer of a declared read as needed, without ordering by it', () => {
    const read: PipelineRead = { plugin: 'usage', output: 'costUsd', writtenIn: 'onAttemptEnd', readIn: 'onFinish' };
    expect(() => orderByDependencies([{ name: 'limits', dependencies: { reads: [read] } }])).toThrow('plugin "limits" needs "usage", which is not loaded');
    expect(names(orderByDependencies([{ name: 'limits', dependencies: { reads: [read] } }, needs('usage')]))).toEqual(['limits', 'usage']);
  });

  it('refuses a cycle, naming the plugins in it', () => {
    expect(() => orderByDependencies([needs('free'), needs('a', 'b'), needs('b', 'c'), needs('c', 'a')])).toThrow('plugins depend on each other in a cycle: a -> b -> c -> a');
    expect(() => orderByDependencies([needs('self', 'self')])).toThrow('plugins depend on each other in a cycle: self -> self');
  });
});

describe('checkPipelineReads', () => {
  const step = (name: string, priority: number, phases: Partial<PipelinePlugin>): PipelinePlugin => ({ name, priority, ...phases });
  const reads = (read: Omit<PipelineRead, 'plugin' | 'output'>): DeclaredPlugin[] => [{ name: 'reader', dependencies: { reads: [{ plugin: 'writer', output: 'costUsd', ...read }] } }];
  const check = (declared: DeclaredPlugin[], writer: PipelinePlugin, reader: PipelinePlugin) =>
    () => checkPipelineReads(declared, [{ owner: 'writer', step: writer }, { owner: 'reader', step: reader }]);

  it('accepts a read in a later phase, whatever the priorities', () => {
    expect(check(reads({ writtenIn: 'onAttemptEnd', readIn: 'onFinish' }), step('w', 900, { onAttemptEnd: () => {} }), step('r', 100, { onFinish: () => {} }))).not.toThrow();
    expect(check(reads({ writtenIn: 'onRequest', readIn: 'authorize' }), step('w', 900, { onRequest: () => {} }), step('r', 100, { authorize: () => {} }))).not.toThrow();
  });

  it('refuses a read in an earlier phase, naming both plugins and the phases', () => {
    expect(check(reads({ writtenIn: 'onFinish', readIn: 'onRequest' }), step('w', 100, { onFinish: () => {} }), step('r', 900, { onRequest: () => {} }))).toThrow(
      'plugin "reader" reads costUsd in onRequest, which "writer" writes in onFinish: onFinish does not run before onRequest',
    );
  });

  it('refuses reading in onFinish what is written in onError (a call runs one or the other)', () => {
    expect(check(reads({ writtenIn: 'onError', readIn: 'onFinish' }), step('w', 900, { onError: () => {} }), step('r', 100, { onFinish: () => {} }))).toThrow(/onError does not run before onFinish/);
  });

  it('in one phase, checks priorities in the direction the phase runs', () => {
    const asc = reads({ writtenIn: 'onRequest', readIn: 'onRequest' });
    expect(check(asc, step('w', 100, { onRequest: () => {} }), step('r', 200, { onRequest: () => {} }))).not.toThrow();
    expect(check(asc, step('w', 200, { onRequest: () => {} }), step('r', 200, { onRequest: () => {} }))).toThrow(/onRequest runs by ascending priority/);
    const desc = reads({ writtenIn: 'onAttemptEnd', readIn: 'onAttemptEnd' });
    expect(check(desc, step('w', 900, { onAttemptEnd: () => {} }), step('r', 150, { onAttemptEnd: () => {} }))).not.toThrow();
    expect(check(desc, step('w', 100, { onAttemptEnd: () => {} }), step('r', 150, { onAttemptEnd: () => {} }))).toThrow(
      'plugin "reader" reads costUsd in onAttemptEnd, which "writer" writes in onAttemptEnd: onAttemptEnd runs by descending priority, and the writer\'s priority 100 does not run before the reader\'s 150',
    );
  });

  it('refuses a writer with no step in the writing phase, and a reader with none in the reading phase', () => {
    const declared = reads({ writtenIn: 'onAttemptEnd', readIn: 'onFinish' });
    expect(check(declared, step('w', 900, { onFinish: () => {} }), step('r', 100, { onFinish: () => {} }))).toThrow(/"writer" has no onAttemptEnd step/);
    expect(check(declared, step('w', 900, { onAttemptEnd: () => {} }), step('r', 100, { onError: () => {} }))).toThrow(/"reader" has no onFinish step/);
  });
});

describe('PluginRegistry.pipelinePlugins', () => {
  const plugin = (name: string, step: PipelinePlugin, dependencies?: PluginDependencies): GatewayPlugin => ({
    specVersion: 1,
    name,
    kind: 'pipeline',
    dependencies,
    register: (api) => api.registerPipeline(step),
  });

  it('checks the declared reads against the steps each plugin registered', () => {
    const registry = new PluginRegistry(container.createChildContainer());
    const read: PipelineRead = { plugin: 'usage', output: 'AttemptRecord.costUsd', writtenIn: 'onAttemptEnd', readIn: 'onAttemptEnd' };
    registry.install(plugin('limits', { name: 'limits-step', priority: 950, onAttemptEnd: () => {} }, { reads: [read] }), 'limits');
    registry.install(plugin('usage', { name: 'usage-step', priority: 900, onAttemptEnd: () => {} }), 'usage');
    expect(() => registry.pipelinePlugins()).toThrow(/plugin "limits" reads AttemptRecord.costUsd in onAttemptEnd, which "usage" writes in onAttemptEnd/);
  });
});
