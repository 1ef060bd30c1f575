import { coerceVerdict, type Verdict, type VerdictType } from './verdict-type';

export interface ParsedVerdict {
  verdict: Verdict;
  rationale: string;
}

/**
 * The verdict in a judge's answer: the JSON object itself (structured output), or the one
 * inside its text (a markdown fence, or the outermost braces) when the model answered in prose.
 * Throws with what was wrong, quoting the start of the answer.
 */
export function parseVerdict(content: string, type: VerdictType): ParsedVerdict {
  const object = jsonObjectIn(content);
  if (!object) throw new Error(`the judge's answer holds no JSON object: ${quote(content)}`);
  const verdict = coerceVerdict(object.result, type);
  if (verdict === undefined) throw new Error(`the judge's result ${clip(JSON.stringify(object.result) ?? 'is missing and')} is not ${type.kind === 'score' ? `a score from ${type.min} to ${type.max}` : `a ${type.kind} verdict`}`);
  return { verdict, rationale: typeof object.rationale === 'string' ? object.rationale : '' };
}

function jsonObjectIn(content: string): Record<string, unknown> | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content)?.[1];
  const first = content.indexOf('{');
  const last = content.lastIndexOf('}');
  for (const candidate of [content, fenced, first >= 0 && last > first ? content.slice(first, last + 1) : undefined]) {
    if (candidate === undefined) continue;
    try {
      const value = JSON.parse(candidate);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Not this form; try the next.
    }
  }
  return undefined;
}

function quote(text: string): string {
  return `"${clip(text)}"`;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}
