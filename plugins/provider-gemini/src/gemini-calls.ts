/**
 * Calling a server that speaks Gemini's generateContent wire format: the Gemini API
 * itself, and Vertex AI's Gemini models (same bodies, other URLs and credentials).
 * The URLs and headers come from the caller; everything else (encoding, errors,
 * SSE streams with in-band errors) is here, once.
 */
import {
  withoutFields, extensibleCopy, GatewayError, jsonBody, parseRetryAfter, readSse, transportError, upstreamStatusError,
  type ProviderAttempt, type ChatChunk, type ChatRequest, type ChatResult, type UpstreamResponse, parseStreamEvent, readUpstreamJson,
} from '@model-gateway/core';
import {
  GeminiStreamDecoder, withThoughtSignatures, decodeGeminiError, decodeGenerateContentResponse, encodeGenerateContentRequest, inBandErrorStatus,
  type ResponseDefaults,
} from '@model-gateway/format-gemini';

/** Where one model's generateContent calls go. */
export interface GeminiTarget {
  /** The connection's name, for error messages. */
  connection: string;
  generateUrl: string;
  /** streamGenerateContent with `alt=sse`. */
  streamUrl: string;
  headers: Record<string, string>;
}

export async function geminiChat(request: ChatRequest, attempt: ProviderAttempt, target: GeminiTarget): Promise<ChatResult> {
  // Gemini cannot be told to make at most one tool call per turn: that hint is dropped and named, not refused.
  const fitted = request.parallelToolCalls === false ? withoutFields(request, ['parallelToolCalls'], attempt) : request;
  // jsonBody: a long prompt is copied into the body natively rather than escaped a character at a time.
  const body = jsonBody(encodeGenerateContentRequest(withThoughtSignatures(fitted, attempt.model)));
  const url = request.stream ? target.streamUrl : target.generateUrl;
  const response = await postGemini(url, body, target, attempt);
  const defaults: ResponseDefaults = { model: attempt.model, created: Math.floor(Date.now() / 1000) };
  if (!request.stream) return { type: 'response', response: decodeGenerateContentResponse(await readUpstreamJson(response, attempt), defaults) };
  return { type: 'stream', chunks: geminiChunks(response, attempt, target.connection, defaults) };
}

/** POSTs a JSON body; a non-2xx answer becomes the gateway's error, with the key scrubbed. */
export async function postGemini(url: string, body: string | Buffer, target: Pick<GeminiTarget, 'connection' | 'headers'>, attempt: ProviderAttempt): Promise<UpstreamResponse> {
  const response = await attempt.send({ method: 'POST', url, headers: extensibleCopy(target.headers), body });
  if (response.status < 400) return response;
  const text = attempt.scrub(await response.body.text().catch(() => ''));
  const details = decodeGeminiError(response.status, text);
  const retryAfter = parseRetryAfter(response.headers) ?? details.retryAfterMs;
  throw upstreamStatusError(target.connection, response.status, { message: details.message, type: details.type }, retryAfter);
}

async function* geminiChunks(response: UpstreamResponse, attempt: ProviderAttempt, connection: string, defaults: ResponseDefaults): AsyncGenerator<ChatChunk> {
  const decoder = new GeminiStreamDecoder(defaults);
  try {
    for await (const event of readSse(response.body)) {
      const item = parseStreamEvent(event.data, connection);
      const status = inBandErrorStatus(item);
      if (status !== undefined) {
        const details = decodeGeminiError(status, attempt.scrub(event.data));
        throw upstreamStatusError(connection, status, { message: details.message, type: details.type });
      }
      yield* decoder.decode(item);
    }
    yield* decoder.end();
  } catch (error) {
    throw error instanceof GatewayError ? error : transportError(error, attempt.cancellation, connection);
  } finally {
    // Stops the upstream transfer when the consumer stops early (client gone, in-band error).
    response.body.destroy();
  }
}
