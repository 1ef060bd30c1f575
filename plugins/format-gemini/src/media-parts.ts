/**
 * Images between canonical URLs and Gemini parts: a data: URL travels as inlineData
 * (bytes), any other URL as fileData (Gemini fetches it). fileData needs a MIME type,
 * which a bare URL does not state; it is read from the file extension.
 */
import { parseDataUrl, toDataUrl, unsupportedParameterAt, type ImagePart } from '@model-gateway/core';
import type { GeminiPart } from './gemini-wire';

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
};

/** Used when the URL's extension names no known image type; Gemini sniffs the bytes of common formats. */
const FALLBACK_IMAGE_TYPE = 'image/jpeg';

export function encodeImagePart(part: ImagePart): GeminiPart {
  const inline = parseDataUrl(part.url);
  if (inline) return { inlineData: { mimeType: inline.mediaType, data: inline.data } };
  return { fileData: { mimeType: imageTypeOf(part.url), fileUri: part.url } };
}

export function imageTypeOf(url: string): string {
  let pathname = url;
  try {
    pathname = new URL(url).pathname;
  } catch {
    // Not an absolute URL (e.g. a gs:// or files/ name Gemini resolves itself): read the text as is.
  }
  const extension = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase();
  return (extension && EXTENSION_TYPES[extension]) || FALLBACK_IMAGE_TYPE;
}

/**
 * A client's inlineData or fileData part as a canonical image. Canonical content has
 * only text and images, so audio, video and documents cannot be carried to another
 * provider: that is said, not dropped.
 */
export function decodeMediaPart(part: GeminiPart, param: string): ImagePart | undefined {
  if (part.inlineData) {
    const mimeType = part.inlineData.mimeType ?? '';
    requireImage(mimeType, `${param}.inlineData.mimeType`);
    return { type: 'image', url: toDataUrl({ mediaType: mimeType, data: part.inlineData.data ?? '' }) };
  }
  if (part.fileData) {
    if (part.fileData.mimeType !== undefined) requireImage(part.fileData.mimeType, `${param}.fileData.mimeType`);
    return { type: 'image', url: part.fileData.fileUri ?? '' };
  }
  return undefined;
}

function requireImage(mimeType: string, param: string): void {
  if (!mimeType.startsWith('image/')) {
    throw unsupportedParameterAt(param, `only images can be translated for this endpoint's provider, got "${mimeType}"`);
  }
}
