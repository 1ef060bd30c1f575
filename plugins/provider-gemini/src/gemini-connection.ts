import { extensibleCopy, jsonBody, readUpstreamJson } from '@model-gateway/core';
import type {
  ProviderAttempt, ChatRequest, ChatResult, ConnectionSettings, EmbeddingsRequest, EmbeddingsResponse,
  PassthroughFormat, PassthroughTarget, ProviderConnection,
} from '@model-gateway/core';
import { decodeBatchEmbedContentsResponse, encodeBatchEmbedContentsRequest } from '@model-gateway/format-gemini';
import { geminiChat, postGemini, type GeminiTarget } from './gemini-calls';
import type { GeminiOptions } from './gemini-facts';

/**
 * One Google AI Studio account. The gateway's own calls go to
 * `{base_url}/{api_version}/{model path}:{method}`; passthrough calls keep the API
 * version the client used, and only `alt` is kept from the client's query (its `?key=`
 * never travels). The key is added by credential injection as x-goog-api-key.
 */
export class GeminiConnection implements ProviderConnection {
  private readonly headers: Record<string, string>;

  constructor(readonly settings: ConnectionSettings<GeminiOptions>) {
    this.headers = { 'content-type': 'application/json', ...settings.headers };
  }

  passthrough(format: PassthroughFormat, operation: string, model: string, query?: Record<string, string>, apiVersion?: string): PassthroughTarget | undefined {
    if (format !== 'gemini') return undefined;
    const search = query?.alt ? `?alt=${encodeURIComponent(query.alt)}` : '';
    return { url: `${this.methodUrl(model, operation, apiVersion)}${search}`, headers: extensibleCopy(this.headers) };
  }

  chat(request: ChatRequest, attempt: ProviderAttempt): Promise<ChatResult> {
    return geminiChat(request, attempt, this.target(attempt.model));
  }

  async embeddings(request: EmbeddingsRequest, attempt: ProviderAttempt): Promise<EmbeddingsResponse> {
    const body = jsonBody(encodeBatchEmbedContentsRequest(request, attempt.model));
    const target = this.target(attempt.model);
    const response = await postGemini(this.methodUrl(attempt.model, 'batchEmbedContents'), body, target, attempt);
    return decodeBatchEmbedContentsResponse(await readUpstreamJson(response, attempt), attempt.model);
  }

  private target(model: string): GeminiTarget {
    return {
      connection: this.settings.name,
      generateUrl: this.methodUrl(model, 'generateContent'),
      streamUrl: `${this.methodUrl(model, 'streamGenerateContent')}?alt=sse`,
      headers: this.headers,
    };
  }

  private methodUrl(model: string, method: string, apiVersion = this.settings.options.api_version): string {
    return `${this.settings.baseUrl}/${apiVersion}/${modelPath(model)}:${method}`;
  }
}

/**
 * `gemini-2.5-flash` and `models/gemini-2.5-flash` both name a base model; a tuned
 * model is `tunedModels/{id}`. Each segment is path-encoded, the slash kept.
 */
export function modelPath(model: string): string {
  const path = model.includes('/') ? model : `models/${model}`;
  return path.split('/').map(encodeURIComponent).join('/');
}
