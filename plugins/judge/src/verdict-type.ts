/** What a judge answers per case, and how the summary counts it. */
export type VerdictType = { kind: 'yes-no' } | { kind: 'boolean' } | { kind: 'score'; min: number; max: number } | { kind: 'text' };

export type Verdict = string | number | boolean;

/** The JSON schema of the `result` field for a verdict type. */
export function resultSchema(type: VerdictType): Record<string, unknown> {
  switch (type.kind) {
    case 'yes-no':
      return { type: 'string', enum: ['yes', 'no'] };
    case 'boolean':
      return { type: 'boolean' };
    case 'score':
      return { type: 'integer', minimum: type.min, maximum: type.max };
    case 'text':
      return { type: 'string' };
  }
}

/** How the prompt describes the `result` field. */
export function resultDescription(type: VerdictType): string {
  switch (type.kind) {
    case 'yes-no':
      return '"yes" or "no"';
    case 'boolean':
      return 'true or false';
    case 'score':
      return `an integer from ${type.min} to ${type.max}`;
    case 'text':
      return 'a short string';
  }
}

/** The verdict as its type, or undefined when the model answered something else. */
export function coerceVerdict(value: unknown, type: VerdictType): Verdict | undefined {
  switch (type.kind) {
    case 'yes-no': {
      const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
      return text === 'yes' || text === 'no' ? text : undefined;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'score': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      return Number.isFinite(n) && n >= type.min && n <= type.max ? n : undefined;
    }
    case 'text':
      return typeof value === 'string' ? value : value === undefined || value === null ? undefined : JSON.stringify(value);
  }
}

/** Parses `yes-no`, `boolean`, `text` or `score` / `score:1-10`. */
export function parseVerdictType(text: string): VerdictType | undefined {
  if (text === 'yes-no' || text === 'boolean' || text === 'text') return { kind: text };
  const score = /^score(?::(-?\d+)-(-?\d+))?$/.exec(text);
  if (!score) return undefined;
  const min = score[1] === undefined ? 1 : Number(score[1]);
  const max = score[2] === undefined ? 5 : Number(score[2]);
  return min < max ? { kind: 'score', min, max } : undefined;
}
