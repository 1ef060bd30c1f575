import type { PluginDependencies } from '../contracts/gateway-plugin';
import { DESCENDING_PHASES, PIPELINE_PHASES, type PipelinePhase, type PipelinePlugin } from '../contracts/pipeline-plugin';

/** A plugin's name and what it declares, as the checks need them. */
export interface DeclaredPlugin {
  name: string;
  dependencies?: PluginDependencies;
}

/** A declared dependency that does not hold; the message names both plugins. */
export class PluginDependencyError extends Error {}

/**
 * Orders plugins so that each comes after the plugins it lists in `dependencies.plugins`,
 * keeping the given order wherever the declarations allow: a dependency listed later is
 * pulled forward to just before the first plugin that needs it, and nothing else moves.
 * Throws when a dependency is not among them, or on a cycle. `reads` do not order
 * registration: the pipeline runs by phase and priority, not by load order.
 */
export function orderByDependencies<T extends DeclaredPlugin>(plugins: readonly T[]): T[] {
  const byName = new Map<string, T>();
  for (const plugin of plugins) if (!byName.has(plugin.name)) byName.set(plugin.name, plugin);
  for (const plugin of plugins) {
    for (const needed of neededNames(plugin)) {
      if (!byName.has(needed)) throw new PluginDependencyError(`plugin "${plugin.name}" needs "${needed}", which is not loaded`);
    }
  }
  const ordered: T[] = [];
  // By object, not name, so a plugin listed twice still reaches the registry's "loaded twice" error.
  const done = new Set<T>();
  const visit = (plugin: T, path: readonly T[]): void => {
    if (done.has(plugin)) return;
    if (path.includes(plugin)) {
      const cycle = [...path.slice(path.indexOf(plugin)), plugin].map((p) => p.name);
      throw new PluginDependencyError(`plugins depend on each other in a cycle: ${cycle.join(' -> ')}`);
    }
    for (const needed of plugin.dependencies?.plugins ?? []) visit(byName.get(needed)!, [...path, plugin]);
    done.add(plugin);
    ordered.push(plugin);
  };
  for (const plugin of plugins) visit(plugin, []);
  return ordered;
}

/** A pipeline step with the plugin that registered it. */
export interface OwnedStep {
  owner: string;
  step: PipelinePlugin;
}

/**
 * Checks every declared read against the pipeline as it will run: the writer has a step
 * with the writing phase, and that step runs before each of the reader's steps with the
 * reading phase (an earlier phase, or the same phase at a priority that runs first).
 */
export function checkPipelineReads(declared: readonly DeclaredPlugin[], steps: readonly OwnedStep[]): void {
  for (const reader of declared) {
    for (const read of reader.dependencies?.reads ?? []) {
      const what = `plugin "${reader.name}" reads ${read.output} in ${read.readIn}, which "${read.plugin}" writes in ${read.writtenIn}`;
      const writers = steps.filter((s) => s.owner === read.plugin && typeof s.step[read.writtenIn] === 'function');
      if (writers.length === 0) throw new PluginDependencyError(`${what}, but "${read.plugin}" has no ${read.writtenIn} step`);
      const readers = steps.filter((s) => s.owner === reader.name && typeof s.step[read.readIn] === 'function');
      if (readers.length === 0) throw new PluginDependencyError(`${what}, but "${reader.name}" has no ${read.readIn} step`);
      for (const writer of writers) {
        for (const step of readers) {
          const problem = orderProblem(read.writtenIn, writer.step.priority, read.readIn, step.step.priority);
          if (problem) throw new PluginDependencyError(`${what}: ${problem}`);
        }
      }
    }
  }
}

/** Why a write does not run before a read, or undefined when it does. */
function orderProblem(writtenIn: PipelinePhase, writerPriority: number, readIn: PipelinePhase, readerPriority: number): string | undefined {
  const written = PIPELINE_PHASES.indexOf(writtenIn);
  const read = PIPELINE_PHASES.indexOf(readIn);
  if (writtenIn !== readIn) {
    // onFinish and onError end a call one or the other, so neither runs before the other.
    const terminal = DESCENDING_PHASES.has(writtenIn) && writtenIn !== 'onAttemptEnd' && readIn !== 'onAttemptEnd';
    if (terminal || written > read) return `${writtenIn} does not run before ${readIn}`;
    return undefined;
  }
  const descending = DESCENDING_PHASES.has(readIn);
  const first = descending ? writerPriority > readerPriority : writerPriority < readerPriority;
  if (first) return undefined;
  const order = descending ? 'descending' : 'ascending';
  return `${readIn} runs by ${order} priority, and the writer's priority ${writerPriority} does not run before the reader's ${readerPriority}`;
}

/** Every plugin a plugin needs loaded: those it lists and those whose output it reads. */
function neededNames(plugin: DeclaredPlugin): string[] {
  return [...(plugin.dependencies?.plugins ?? []), ...(plugin.dependencies?.reads ?? []).map((r) => r.plugin)];
}
