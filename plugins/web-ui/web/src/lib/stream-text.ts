/**
 * Reads a server-sent event stream as it arrives and pulls the text out of each event,
 * whichever API format it is in (OpenAI chat chunks, Responses events, Anthropic
 * deltas, Gemini candidates), so Try it can show a streamed answer growing.
 */
export class SseTextReader {
  private buffer = '';

  constructor(private readonly onText: (text: string) => void) {}

  /** Feeds a decoded piece of the body; complete events are handled at once. */
  push(chunk: string): void {
    this.buffer += chunk.replace(/\r\n?/g, '\n');
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.event(block);
    }
  }

  /** The stream ended: a last event without its blank line still counts. */
  end(): void {
    if (this.buffer.trim()) this.event(this.buffer);
    this.buffer = '';
  }

  private event(block: string): void {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data || data === '[DONE]') return;
    try {
      const text = textOfEvent(JSON.parse(data));
      if (text) this.onText(text);
    } catch {
      // Not JSON: nothing to show as text; the raw stream is shown beside it.
    }
  }
}

/** The text an event adds, in any of the formats the gateway streams; '' for events without text. */
export function textOfEvent(event: unknown): string {
  if (!event || typeof event !== 'object') return '';
  const e = event as Record<string, any>;
  // OpenAI Chat Completions chunk.
  if (Array.isArray(e.choices)) return e.choices.map((c: any) => (typeof c?.delta?.content === 'string' ? c.delta.content : '')).join('');
  // OpenAI Responses.
  if (e.type === 'response.output_text.delta' && typeof e.delta === 'string') return e.delta;
  // Anthropic Messages.
  if (e.type === 'content_block_delta' && e.delta?.type === 'text_delta') return String(e.delta.text ?? '');
  // Gemini.
  if (Array.isArray(e.candidates)) {
    return e.candidates
      .flatMap((c: any) => (Array.isArray(c?.content?.parts) ? c.content.parts : []))
      .map((p: any) => (typeof p?.text === 'string' && !p.thought ? p.text : ''))
      .join('');
  }
  return '';
}

/**
 * The text of a whole (non-streamed) answer, in any of the formats the gateway answers in
 * (OpenAI chat, Responses, Anthropic Messages, Gemini); undefined when it has none (an error,
 * embeddings, a tool call only), so Try it shows the JSON alone.
 */
export function answerText(body: string): string | undefined {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!answer || typeof answer !== 'object') return undefined;
  const a = answer as Record<string, any>;
  const texts: string[] = [];
  const textOfParts = (parts: unknown): string[] => (Array.isArray(parts) ? parts.filter((p: any) => typeof p?.text === 'string' && (p.type === undefined || p.type === 'text' || p.type === 'output_text') && !p.thought).map((p: any) => p.text as string) : []);
  // OpenAI Chat Completions (and the native route): content is a string, or parts.
  if (Array.isArray(a.choices)) {
    for (const choice of a.choices) {
      const content = choice?.message?.content;
      if (typeof content === 'string') texts.push(content);
      else texts.push(...textOfParts(content));
    }
  } else if (a.object === 'response' && Array.isArray(a.output)) {
    // OpenAI Responses: the message items' output_text parts.
    for (const item of a.output) if (item?.type === 'message') texts.push(...textOfParts(item.content));
  } else if (a.type === 'message' && Array.isArray(a.content)) {
    // Anthropic Messages.
    texts.push(...textOfParts(a.content));
  } else if (Array.isArray(a.candidates)) {
    // Gemini: parts of every candidate, thoughts left out.
    for (const candidate of a.candidates) texts.push(...textOfParts(candidate?.content?.parts));
  }
  const text = texts.join('');
  return text ? text : undefined;
}

/** `Server-Timing: gateway;dur=1.2, upstream;dur=30.5` as name -> milliseconds. */
export function parseServerTiming(header: string | null): Array<{ name: string; ms: number }> {
  if (!header) return [];
  return header.split(',').flatMap((metric) => {
    const [name, ...params] = metric.trim().split(';');
    const duration = params.map((p) => p.trim()).find((p) => p.startsWith('dur='));
    const ms = duration ? Number(duration.slice(4)) : NaN;
    return name && Number.isFinite(ms) ? [{ name: name.trim(), ms }] : [];
  });
}
