/**
 * A small reader of Dockerfiles, enough for test/repo/deployment-manifests.test.ts to check one
 * without a Docker engine: instructions with their line continuations joined and comments dropped,
 * grouped into build stages, and the arguments of the instructions that name files, ports and commands.
 * Parser directives (`# syntax=`) and heredocs are not needed by the project's Dockerfile and not read.
 */

export interface Instruction {
  /** Upper-cased keyword: FROM, RUN, COPY, ... */
  keyword: string;
  /** The text after the keyword, continuations joined with a space. */
  text: string;
  /** 1-based line the instruction starts on, for messages. */
  line: number;
}

export interface Stage {
  /** The `AS name` of its FROM, or its index as text when unnamed. */
  name: string;
  /** The image it starts from (build arguments left as written, e.g. `${NODE_IMAGE}`). */
  base: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARG instructions before the first FROM, with their defaults. */
  globalArgs: Map<string, string | undefined>;
  stages: Stage[];
}

export function parseDockerfile(text: string): Dockerfile {
  const instructions = joinLines(text);
  const globalArgs = new Map<string, string | undefined>();
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const words = instruction.text.split(/\s+/).filter((word) => !word.startsWith('--'));
      const as = words.findIndex((word) => word.toUpperCase() === 'AS');
      stages.push({ name: as > 0 ? words[as + 1] : String(stages.length), base: words[0], instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword !== 'ARG') throw new Error(`line ${instruction.line}: ${instruction.keyword} before the first FROM`);
      const [name, value] = instruction.text.split('=', 2);
      globalArgs.set(name.trim(), value?.trim());
    } else {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

/** Logical instructions: a trailing backslash continues a line; comment lines inside a continuation are skipped, as Docker does. */
function joinLines(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending: { parts: string[]; line: number } | undefined;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line.startsWith('#') || line === '') return;
    const continued = line.endsWith('\\');
    const part = continued ? line.slice(0, -1).trim() : line;
    if (!pending) pending = { parts: [], line: index + 1 };
    if (part !== '') pending.parts.push(part);
    if (continued) return;
    const whole = pending.parts.join(' ');
    const space = whole.search(/\s/);
    out.push({ keyword: (space < 0 ? whole : whole.slice(0, space)).toUpperCase(), text: space < 0 ? '' : whole.slice(space + 1).trim(), line: pending.line });
    pending = undefined;
  });
  if (pending) throw new Error(`line ${pending.line}: the file ends inside a line continuation`);
  return out;
}

/** Leading `--name=value` flags of an instruction, and the rest of its text. */
export function splitFlags(text: string): { flags: Map<string, string>; rest: string } {
  const flags = new Map<string, string>();
  let rest = text;
  for (let match = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest); match; match = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest)) {
    flags.set(match[1], match[2] ?? 'true');
    rest = rest.slice(match[0].length);
  }
  return { flags, rest };
}

/** The exec (JSON array) form's words, or undefined for the shell form. */
export function execForm(text: string): string[] | undefined {
  if (!text.startsWith('[')) return undefined;
  const words: unknown = JSON.parse(text);
  if (!Array.isArray(words) || !words.every((word) => typeof word === 'string')) throw new Error(`not a JSON array of strings: ${text}`);
  return words as string[];
}

export interface Copy {
  /** The stage it copies from (`--from`), or undefined for the build context. */
  from?: string;
  sources: string[];
  destination: string;
  line: number;
}

/** A COPY or ADD: its sources and destination, in the exec or the shell form. */
export function readCopy(instruction: Instruction): Copy {
  const { flags, rest } = splitFlags(instruction.text);
  const words = execForm(rest) ?? rest.split(/\s+/);
  if (words.length < 2) throw new Error(`line ${instruction.line}: ${instruction.keyword} needs a source and a destination`);
  return { from: flags.get('from'), sources: words.slice(0, -1), destination: words[words.length - 1], line: instruction.line };
}

/** `KEY=value` pairs of an ENV or LABEL instruction (quotes removed; the legacy `ENV KEY value` form too). */
export function readAssignments(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const pattern = /([A-Za-z_][A-Za-z0-9_.-]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g;
  if (!/^[A-Za-z_][A-Za-z0-9_.-]*=/.test(text)) {
    const space = text.search(/\s/);
    out.set(text.slice(0, space), text.slice(space + 1).trim());
    return out;
  }
  for (const match of text.matchAll(pattern)) out.set(match[1], match[2].replace(/^["']|["']$/g, ''));
  return out;
}

/** The last value an instruction of `keyword` sets in a stage (EXPOSE, USER, WORKDIR, CMD, ...). */
export function lastOf(stage: Stage, keyword: string): Instruction | undefined {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword).at(-1);
}
