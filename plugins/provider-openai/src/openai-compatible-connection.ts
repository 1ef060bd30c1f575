import {
  extensibleCopy, GatewayError, jsonBody, parseRetryAfter, readSse, transportError, upstreamStatusError,
  type ProviderAttempt, type ChatChunk, type ChatRequest, type ChatResult, type ConnectionSettings,
  type EmbeddingsRequest, type EmbeddingsResponse, type PassthroughFormat, type PassthroughTarget, type ProviderConnection, type RelayedAnswerRewrite, type UpstreamResponse, parseStreamEvent, readUpstreamJson,
} from '@model-gateway/core';
import {
  decodeChatChunk, decodeChatResponse, decodeEmbeddingsResponse, decodeOpenAiError,
  encodeChatRequest, encodeEmbeddingsRequest,
} from '@model-gateway/format-openai';
import type { OpenAiDialect } from './openai-dialect';
import { normalizeAnswer } from './normalize-answer';
import { rewriteChatBody, rewriteEmbeddingsBody } from './rewrite-request';
import { relayedChatRewrite, relayedEmbeddingsRewrite, type RelayedBodyRewrite } from './relay-rewrite';
import { relayedChatAnswerRewrite } from './relay-answer';
import type { OpenAiUrlLayout } from './openai-url-layout';

/**
 * One account or server that speaks OpenAI's wire format. What differs between such
 * servers (URLs, the body's model, fixed headers) is its `layout`; how a provider's
 * body departs from OpenAI's (renamed or unsupported fields, reasoning under another
 * name) is its optional `dialect`; everything else (encoding, errors, streams) is
 * shared. Headers are computed once, here.
 */
export class OpenAiCompatibleConnection implements ProviderConnection {
  private readonly headers: Record<string, string>;
  /** Passthrough keeps the client's own user-agent and feature headers; only these are the connection's. */
  private readonly passthroughHeaders: Record<string, string>;
  /** The dialect's rewrite of relayed bodies, per operation; undefined (no work per call) for a provider whose dialect changes nothing a client sends. */
  private readonly relayedChat?: RelayedBodyRewrite;
  private readonly relayedEmbeddings?: RelayedBodyRewrite;
  /** The dialect's rewrite of relayed chat answers back to OpenAI's shape; undefined when its answers are OpenAI's already. */
  private readonly relayedChatAnswer?: RelayedAnswerRewrite;

  constructor(
    readonly settings: ConnectionSettings,
    private readonly layout: OpenAiUrlLayout,
    private readonly dialect?: OpenAiDialect,
  ) {
    this.headers = { 'content-type': 'application/json', 'user-agent': 'model-gateway/0.1', ...layout.headers, ...settings.headers };
    const { 'user-agent': _ua, ...rest } = this.headers;
    this.passthroughHeaders = rest;
    this.relayedChat = relayedChatRewrite(dialect);
    this.relayedEmbeddings = relayedEmbeddingsRewrite(dialect);
    this.relayedChatAnswer = relayedChatAnswerRewrite(dialect);
  }

  passthrough(format: PassthroughFormat, operation: string, model: string): PassthroughTarget | undefined {
    if (format !== 'openai') return undefined;
    const url = this.layout.url(operation, model);
    if (url === undefined) return undefined;
    const target: PassthroughTarget = this.dialect?.streamOptions === false ? { url, headers: extensibleCopy(this.passthroughHeaders), streamOptions: false } : { url, headers: extensibleCopy(this.passthroughHeaders) };
    const rewrite = operation === 'chat/completions' ? this.relayedChat : operation === 'embeddings' ? this.relayedEmbeddings : undefined;
    if (rewrite !== undefined) target.rewriteBody = rewrite;
    if (operation === 'chat/completions' && this.relayedChatAnswer !== undefined) target.rewriteAnswer = this.relayedChatAnswer;
    return target;
  }

  async chat(request: ChatRequest, attempt: ProviderAttempt): Promise<ChatResult> {
    const encoded = encodeChatRequest(request, this.bodyModel(attempt.model));
    // Without a dialect the body is OpenAI's exactly, which has no top-k: format-openai left it out, and it is named here.
    if (!this.dialect && request.topK !== undefined) attempt.dropField('topK');
    // jsonBody: a long prompt is copied into the body natively rather than escaped a character at a time.
    const body = jsonBody(this.dialect ? rewriteChatBody(encoded, request, this.dialect, (field) => attempt.dropField(field)) : encoded);
    // Sent and checked here rather than through a helper of its own: an async layer less on every answer's way back.
    const response = await attempt.send({ method: 'POST', url: this.urlFor('chat/completions', attempt.model), headers: extensibleCopy(this.headers), body });
    if (response.status >= 400) throw await this.statusError(response, attempt);
    if (!request.stream) return { type: 'response', response: decodeChatResponse(this.normalize(await readUpstreamJson(response, attempt), 'message')) };
    return { type: 'stream', chunks: this.chunks(response, attempt) };
  }

  async embeddings(request: EmbeddingsRequest, attempt: ProviderAttempt): Promise<EmbeddingsResponse> {
    const encoded = encodeEmbeddingsRequest(request, this.bodyModel(attempt.model));
    const body = jsonBody(this.dialect ? rewriteEmbeddingsBody(encoded, this.dialect) : encoded);
    const response = await attempt.send({ method: 'POST', url: this.urlFor('embeddings', attempt.model), headers: extensibleCopy(this.headers), body });
    if (response.status >= 400) throw await this.statusError(response, attempt);
    return decodeEmbeddingsResponse(await readUpstreamJson(response, attempt));
  }

  private normalize(answer: unknown, part: 'message' | 'delta'): unknown {
    return this.dialect ? normalizeAnswer(answer, part, this.dialect) : answer;
  }

  private bodyModel(model: string): string {
    return this.layout.bodyModel?.(model) ?? model;
  }

  /** The last URL built, kept: a connection asks for the same operation and model call after call. */
  private lastUrl?: { operation: string; model: string; url: string };

  private urlFor(operation: string, model: string): string {
    const last = this.lastUrl;
    if (last !== undefined && last.operation === operation && last.model === model) return last.url;
    const url = this.layout.url(operation, model);
    if (url !== undefined) this.lastUrl = { operation, model, url };
    if (url === undefined) {
      throw new GatewayError('unsupported_route', `Provider "${this.settings.name}" (type "${this.settings.type}") has no ${operation} operation.`);
    }
    return url;
  }

  /** The error for an answer of status 400 or above, its body read and scrubbed of the connection's key. */
  private async statusError(response: UpstreamResponse, attempt: ProviderAttempt): Promise<GatewayError> {
    const text = attempt.scrub(await response.body.text().catch(() => ''));
    return upstreamStatusError(this.settings.name, response.status, decodeOpenAiError(response.status, text), parseRetryAfter(response.headers));
  }


  private async *chunks(response: UpstreamResponse, attempt: ProviderAttempt): AsyncGenerator<ChatChunk> {
    try {
      for await (const event of readSse(response.body)) {
        if (event.data === '[DONE]') return;
        const data = parseStreamEvent(event.data, this.settings.name);
        const inBandError = (data as { error?: unknown }).error;
        if (inBandError) {
          throw upstreamStatusError(this.settings.name, 500, decodeOpenAiError(500, attempt.scrub(JSON.stringify({ error: inBandError }))));
        }
        yield decodeChatChunk(this.normalize(data, 'delta'));
      }
    } catch (error) {
      throw error instanceof GatewayError ? error : transportError(error, attempt.cancellation, this.settings.name);
    } finally {
      // Stops the upstream transfer when the consumer stops early (client gone, in-band error).
      response.body.destroy();
    }
  }
}
