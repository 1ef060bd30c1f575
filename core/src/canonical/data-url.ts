/** The media type and base64 payload of a `data:` URL. */
export interface InlineData {
  mediaType: string;
  /** Base64 text, as it appeared in the URL. */
  data: string;
}

const DATA_URL = /^data:([^;,]+)?((?:;[^;,]+)*?);base64,(.*)$/s;

/**
 * Splits a base64 `data:` URL. Providers that take images as bytes need the parts;
 * any other URL gives undefined.
 */
export function parseDataUrl(url: string): InlineData | undefined {
  const match = DATA_URL.exec(url);
  if (!match) return undefined;
  return { mediaType: match[1] || 'application/octet-stream', data: match[3] };
}

export function toDataUrl(inline: InlineData): string {
  return `data:${inline.mediaType};base64,${inline.data}`;
}
