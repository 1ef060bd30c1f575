/** A family of models its maker has retired, deprecated or replaced, with the page that says so. */
export interface RetiredFamily {
  /** Matches the family's names, after any host prefix (`anthropic.` on Bedrock, `openai/` on routers). */
  pattern: RegExp;
  doc: string;
}

const OPENAI = 'https://platform.openai.com/docs/deprecations';
const ANTHROPIC = 'https://docs.anthropic.com/en/docs/about-claude/model-deprecations';
const GEMINI = 'https://ai.google.dev/gemini-api/docs/changelog';

/**
 * Retired or superseded model families, as facts: the catalogue's sources do not flag them
 * (genai-prices marks few models deprecated, models.dev none), yet they still price old calls,
 * so they are listed as legacy rather than dropped.
 */
export const RETIRED_FAMILIES: readonly RetiredFamily[] = [
  // GPT-3 base and instruct models, retired 2024-01-04.
  { pattern: /^(ada|babbage|curie|davinci)$|^text-(ada|babbage|curie)-001$/, doc: OPENAI },
  { pattern: /^text-davinci-/, doc: OPENAI },
  { pattern: /^code-(davinci|cushman)-/, doc: OPENAI },
  { pattern: /^text-(search|similarity)-/, doc: OPENAI },
  // GPT-3.5: snapshots retired 2024-09-13; the rest superseded by GPT-4o mini.
  { pattern: /^gpt-3\.?5-/, doc: OPENAI },
  // GPT-4 and GPT-4 Turbo (gpt-4-32k retired 2025-06-06, vision previews 2024-12-06); not GPT-4o, 4.1 or 4.5.
  { pattern: /^gpt-4(-|$)/, doc: OPENAI },
  // GPT-4.5 preview retired 2025-07-14; o1-preview 2025-07-28; o1-mini 2025-10-27.
  { pattern: /^gpt-4\.5-preview/, doc: OPENAI },
  { pattern: /^o1-(preview|mini)/, doc: OPENAI },
  { pattern: /^text-embedding-ada-002/, doc: OPENAI },
  // Claude 1, 2 and Instant retired; Claude 3, 3.5 and 3.7 retired, deprecated or (3 Haiku) superseded by Haiku 4.5.
  { pattern: /^claude-(v1|v2|instant|[12](\.|-|$))/, doc: ANTHROPIC },
  { pattern: /^claude-3([-.@]|$)/, doc: ANTHROPIC },
  // Gemini 1.0 and 1.5 shut down; dated Gemini 2.5 previews replaced by the stable models.
  { pattern: /^gemini-(pro|1\.0|1\.5|flash-1\.5|pro-1\.5)/, doc: GEMINI },
  { pattern: /^gemini-2\.5-(pro|flash|flash-lite)-preview-\d\d-\d\d/, doc: GEMINI },
];

/** Host prefixes ahead of a maker's model name: Bedrock's `anthropic.` (with `us.`/`eu.` regions), Vertex's and routers' `openai/`. */
const HOST_PREFIX = /^(?:(?:us|eu|apac|jp|global)\.)?(?:[a-z][a-z-]*[./])?/;

/** Whether a model name belongs to a retired or superseded family (see RETIRED_FAMILIES). */
export function isRetiredModel(id: string): boolean {
  const name = id.toLowerCase();
  const bare = name.replace(HOST_PREFIX, '');
  return RETIRED_FAMILIES.some(({ pattern }) => pattern.test(name) || pattern.test(bare));
}
