import type { RequestView } from '../conformance/conformance-types';

/**
 * The JSON text a fake answers a structured-output request with when no scenario is
 * named: a value of the requested JSON schema, the way a model that honours the schema
 * would answer. A prompt picks a property's value with a `[[name=value]]` marker (the last
 * one wins), so a test that asks through a client it cannot script (an MLflow judge) can
 * check the answer came back from its own request: `[[result=no]] [[rationale=cites the source]]`.
 * Unmarked, an enum takes its first value, a string is `fake <name>`, a number its minimum
 * (else 1), a boolean true, an array one item.
 */
export function schemaAnswer(schema: unknown, view: RequestView): string {
  const prompt = [view.system ?? '', ...view.turns.map((t) => t.text)].join('\n');
  const marks = new Map<string, string>();
  for (const [, name, value] of prompt.matchAll(/\[\[([A-Za-z0-9_]+)=([^\]]*)\]\]/g)) marks.set(name, value);
  return JSON.stringify(valueOf(schema, 'value', schema, marks));
}

type Schema = Record<string, any>;

function valueOf(node: unknown, name: string, root: unknown, marks: Map<string, string>): unknown {
  const schema = resolve(node, root);
  const mark = marks.get(name);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const chosen = schema.enum.find((v: unknown) => String(v) === mark);
    return chosen !== undefined ? chosen : schema.enum[0];
  }
  if ('const' in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : 'string')) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries<unknown>(schema.properties ?? {})) out[key] = valueOf(child, key, root, marks);
      return out;
    }
    case 'array':
      return [valueOf(schema.items ?? {}, name, root, marks)];
    case 'boolean':
      return mark !== undefined ? mark === 'true' : true;
    case 'integer':
    case 'number':
      return mark !== undefined && Number.isFinite(Number(mark)) ? Number(mark) : (schema.minimum ?? 1);
    case 'null':
      return null;
    default:
      return mark ?? `fake ${name}`;
  }
}

/** Follows `$ref` into `$defs`/`definitions` and takes the first non-null branch of `anyOf`/`oneOf`. */
function resolve(node: unknown, root: unknown): Schema {
  let schema = (typeof node === 'object' && node !== null ? node : {}) as Schema;
  for (let hops = 0; hops < 16; hops++) {
    if (typeof schema.$ref === 'string') {
      const path = schema.$ref.replace(/^#\//, '').split('/');
      schema = path.reduce<any>((at, key) => at?.[key], root) ?? {};
      continue;
    }
    const branches = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(branches)) {
      schema = branches.find((b: Schema) => b?.type !== 'null') ?? {};
      continue;
    }
    return schema;
  }
  return schema;
}
