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
 * keeping the given order wherever the declarations allow (a plugin moves only behind a
 * dependency listed after it). Throws when a dependency is not among them, or on a cycle.
 * `reads` do not order registration: the pipeline runs by phase and priority, not load order.
 */
export function orderByDependencies<T extends DeclaredPlugin>(plugins: readonly T[]): T[] {
  const names = new Set(plugins.map((p) => p.name));
  for (const plugin of plugins) {
    for (const needed of neededNames(plugin)) {
      if (!names.has(needed)) throw new PluginDependencyError(`plugin "${plugin.name}" needs "${needed}", which is not loaded`);
    }
  }
  const placed = new Set<string>();
  const ordered: T[] = [];
  const waiting = [...plugins];
  while (waiting.length > 0) {
    // The first plugin in list order whose dependencies are all placed: stable, and deterministic.
    const next = waiting.findIndex((p) => (p.dependencies?.plugins ?? []).every((d) => placed.has(d) || d === p.name));
    if (next < 0) throw new PluginDependencyError(`plugins depend on each other in a cycle: ${cycleOf(waiting).join(' -> ')}`);
    const [plugin] = waiting.splice(next, 1);
    if (plugin.dependencies?.plugins?.includes(plugin.name)) throw new PluginDependencyError(`plugin "${plugin.name}" depends on itself`);
    placed.add(plugin.name);
    ordered.push(plugin);
  }
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

/** One cycle among plugins that could not be placed, named in dependency order. */
function cycleOf(waiting: readonly DeclaredPlugin[]): string[] {
  const byName = new Map(waiting.map((p) => [p.name, p]));
  const path: string[] = [];
  let current: DeclaredPlugin | undefined = waiting[0];
  // Each waiting plugin has a waiting dependency, so the walk must come back to a name it saw.
  while (current && !path.includes(current.name)) {
    path.push(current.name);
    current = (current.dependencies?.plugins ?? []).map((d) => byName.get(d)).find((p) => p !== undefined);
  }
  return current ? [...path.slice(path.indexOf(current.name)), current.name] : path;
}
