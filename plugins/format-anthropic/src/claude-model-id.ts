/**
 * The family and version a Claude model id names, wherever it stands in the id: Anthropic's
 * own (`claude-opus-4-8`, `claude-sonnet-4-5-20250929`), Bedrock's (`us.anthropic.claude-opus-4-8-v1:0`)
 * and Vertex AI's (`claude-sonnet-4-5@20250929`, `anthropic/claude-opus-4-8`) all carry
 * `claude-{family}-{major}[-{minor}]`. Ids of the Claude 3 generation put the version first
 * (`claude-3-7-sonnet-20250219`) and name no family here: they predate every rule that uses this.
 */

export interface ClaudeVersion {
  family: string;
  major: number;
  minor: number;
}

/** A minor is one or two digits, never a date (`claude-opus-4-20250514` is Opus 4.0). */
const MODEL_ID = /claude-([a-z]+)-(\d+)(?:-(\d{1,2}))?(?!\d)/;

/** Parsed once per model id: the ids are the configured targets', a handful per gateway, asked on every call. */
const parsed = new Map<string, ClaudeVersion | null>();
/** A bound all the same, should ids come from somewhere unbounded one day. */
const MAX_PARSED = 1024;

export function claudeVersion(model: string): ClaudeVersion | undefined {
  let version = parsed.get(model);
  if (version === undefined) {
    const match = MODEL_ID.exec(model);
    version = match ? { family: match[1], major: Number(match[2]), minor: match[3] === undefined ? 0 : Number(match[3]) } : null;
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(model, version);
  }
  return version ?? undefined;
}

/** Whether `version` is `major.minor` or later. */
export function atLeast(version: ClaudeVersion, major: number, minor: number): boolean {
  return version.major > major || (version.major === major && version.minor >= minor);
}
