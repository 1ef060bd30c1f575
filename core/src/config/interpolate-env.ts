/**
 * Replaces `${VAR}` and `${VAR:-default}` in every string of a parsed YAML tree.
 * It runs after parsing, so a value can never inject YAML structure. `$${` is a
 * literal `${`. Unset variables without a default become "" and are reported,
 * so the caller can warn (a missing key should not stop the gateway serving
 * its other endpoints).
 */
const PATTERN = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export interface InterpolationResult {
  value: unknown;
  /** YAML paths whose variables were unset and had no default, with the variable name. */
  unset: Array<{ path: string; variable: string }>;
  /** For each YAML path that used a variable, the variable's name (to name key sources in errors). */
  sources: Map<string, string>;
}

export function interpolateEnv(tree: unknown, env: NodeJS.ProcessEnv): InterpolationResult {
  const unset: InterpolationResult['unset'] = [];
  const sources = new Map<string, string>();

  const visit = (node: unknown, path: string): unknown => {
    if (typeof node === 'string') return substitute(node, path);
    if (Array.isArray(node)) return node.map((item, i) => visit(item, `${path}[${i}]`));
    if (node !== null && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) out[key] = visit(value, path ? `${path}.${key}` : key);
      return out;
    }
    return node;
  };

  const substitute = (text: string, path: string): string =>
    text.replace(PATTERN, (match, name: string | undefined, fallback: string | undefined) => {
      if (name === undefined) return '${';
      sources.set(path, name);
      const value = env[name];
      if (value !== undefined && value !== '') return value;
      if (fallback !== undefined) return fallback;
      unset.push({ path, variable: name });
      return '';
    });

  return { value: visit(tree, ''), unset, sources };
}
