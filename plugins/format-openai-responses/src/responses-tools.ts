/**
 * A Responses `tools` list as the function tools any provider can call.
 *
 * - `function` tools are kept.
 * - `namespace` tools (a named group of function tools, as Codex sends its sub-agent tools)
 *   are flattened: each function inside becomes a tool named `{namespace}__{name}`, so that
 *   nothing collides with a top-level tool or another group's; the answer's calls are mapped
 *   back into the namespace (ToolNames).
 * - Every other type (`web_search`, `file_search`, `code_interpreter`, `image_generation`,
 *   `mcp`, `custom`, ...) is a tool that runs on OpenAI's side, or needs output OpenAI
 *   constrains by grammar: another provider cannot run it, so it is left out and named in
 *   `dropped`, and the model never sees a tool it could not call.
 */
import { createHash } from 'node:crypto';
import { isWireObject, parseRequest, type ToolDefinition } from '@model-gateway/core';
import { functionTool } from './responses-request-schema';

/** The response header naming the tool types a translated call left out. */
export const DROPPED_TOOLS_HEADER = 'x-gateway-dropped-tools';

/** Where a flattened tool came from. */
export interface NamespacedName {
  namespace: string;
  name: string;
}

/** Flattened names both ways, for the answer's calls and for calls coming back in `input`. */
export interface ToolNames {
  /** Flattened name -> namespace and inner name. */
  readonly namespaced: ReadonlyMap<string, NamespacedName>;
  /** The flattened name of a namespaced function, whether or not this request offered it. */
  flatten(namespace: string, name: string): string;
}

export interface DecodedTools {
  tools: ToolDefinition[];
  names: ToolNames;
  /** The types of the tools left out, each once, in order. */
  dropped: string[];
}

/** OpenAI's limit on a function name (Anthropic's and Gemini's are at least as long). */
const MAX_NAME = 64;
const SEPARATOR = '__';

export function decodeResponsesTools(raw: readonly unknown[] | null | undefined): DecodedTools {
  const tools: ToolDefinition[] = [];
  const dropped: string[] = [];
  const groups: Array<{ namespace: string; raw: unknown; at: string }> = [];
  const drop = (type: unknown) => {
    const name = typeof type === 'string' && type !== '' ? type : 'unknown';
    if (!dropped.includes(name)) dropped.push(name);
  };
  (raw ?? []).forEach((tool, i) => {
    const at = `tools[${i}]`;
    const type = isWireObject(tool) ? tool.type : undefined;
    if (type === 'function') tools.push(functionDefinition(tool, at));
    else if (type === 'namespace' && isWireObject(tool) && typeof tool.name === 'string' && Array.isArray(tool.tools)) {
      tool.tools.forEach((inner, j) => {
        if (isWireObject(inner) && inner.type === 'function') groups.push({ namespace: tool.name as string, raw: inner, at: `${at}.tools[${j}]` });
        else drop(isWireObject(inner) ? inner.type : undefined);
      });
    } else drop(type);
  });

  const taken = new Set(tools.map((t) => t.name));
  const namespaced = new Map<string, NamespacedName>();
  const byOrigin = new Map<string, string>();
  for (const group of groups) {
    const definition = functionDefinition(group.raw, group.at);
    const flat = flatName(group.namespace, definition.name, taken);
    taken.add(flat);
    namespaced.set(flat, { namespace: group.namespace, name: definition.name });
    byOrigin.set(originKey(group.namespace, definition.name), flat);
    tools.push({ ...definition, name: flat });
  }
  const names: ToolNames = {
    namespaced,
    flatten: (namespace, name) => byOrigin.get(originKey(namespace, name)) ?? flatName(namespace, name, new Set()),
  };
  return { tools, names, dropped };
}

/** Names with no namespace anywhere: what a request without namespace tools gets. */
export const PLAIN_TOOL_NAMES: ToolNames = { namespaced: new Map(), flatten: (namespace, name) => flatName(namespace, name, new Set()) };

function functionDefinition(raw: unknown, at: string): ToolDefinition {
  const tool = parseRequest(functionTool, raw, at);
  const out: ToolDefinition = { name: tool.name };
  if (tool.description != null) out.description = tool.description;
  if (tool.parameters != null) out.parameters = tool.parameters;
  if (tool.strict != null) out.strict = tool.strict;
  return out;
}

/**
 * `{namespace}__{name}` in the characters every provider takes in a function name; when that
 * is too long or already taken, it is shortened and made unique with a hash of the origin.
 */
export function flatName(namespace: string, name: string, taken: ReadonlySet<string>): string {
  const plain = `${safe(namespace)}${SEPARATOR}${safe(name)}`;
  if (plain.length <= MAX_NAME && !taken.has(plain)) return plain;
  const hash = createHash('sha256').update(originKey(namespace, name)).digest('hex').slice(0, 8);
  return `${plain.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}

function safe(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/g, '_');
}

function originKey(namespace: string, name: string): string {
  return `${namespace}\u0000${name}`;
}
