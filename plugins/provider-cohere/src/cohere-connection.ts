import {
  extensibleCopy, GatewayError, jsonBody, parseRetryAfter, parseStreamEvent, readSse, readUpstreamJson, transportError, upstreamStatusError, withoutFields,
  type ProviderAttempt, type ChatChunk, type ChatRequest, type ChatResult, type ConnectionSettings,
  type EmbeddingsRequest, type EmbeddingsResponse, type ProviderConnection, type UpstreamResponse,
} from '@model-gateway/core';
import { COHERE_CHAT_PATH, COHERE_EMBED_PATH, type CohereOptions } from './cohere-facts';
import { decodeCohereEmbed, encodeCohereEmbed } from './cohere-embed';
import { decodeCohereError } from './cohere-error';
import { CohereStreamDecoder } from './cohere-stream-decoder';
import { decodeCohereChat } from './decode-cohere-chat';
import { encodeCohereChat } from './encode-cohere-chat';

/** One Cohere account: v2 chat (whole or streamed) and v2 embed. The key is added by the authorize phase (bearer). */
export class CohereConnection implements ProviderConnection {
  private readonly headers: Record<string, string>;
  private readonly chatUrl: string;
  private readonly embedUrl: string;

  constructor(readonly settings: ConnectionSettings<CohereOptions>) {
    this.headers = { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'model-gateway/0.1', ...settings.headers };
    this.chatUrl = `${settings.baseUrl}${COHERE_CHAT_PATH}`;
    this.embedUrl = `${settings.baseUrl}${COHERE_EMBED_PATH}`;
  }

  async chat(request: ChatRequest, attempt: ProviderAttempt): Promise<ChatResult> {
    // Cohere v2 has no switch to forbid parallel tool calls: a hint, left out and named (docs/translation.md).
    const fitted = request.parallelToolCalls === false ? withoutFields(request, ['parallelToolCalls'], attempt) : request;
    // jsonBody: a long prompt is copied into the body natively rather than escaped a character at a time.
    const body = jsonBody(encodeCohereChat(fitted, attempt.model));
    const headers = request.stream ? extensibleCopy(this.headers, { accept: 'text/event-stream' }) : this.headers;
    const response = await this.post(this.chatUrl, body, headers, attempt);
    const context = { model: attempt.model, created: Math.floor(Date.now() / 1000) };
    if (!request.stream) return { type: 'response', response: decodeCohereChat(await readUpstreamJson(response, attempt), context) };
    return { type: 'stream', chunks: this.chunks(response, new CohereStreamDecoder(extensibleCopy(context, { scrub: (text: string) => attempt.scrub(text) })), attempt) };
  }

  async embeddings(request: EmbeddingsRequest, attempt: ProviderAttempt): Promise<EmbeddingsResponse> {
    const body = jsonBody(encodeCohereEmbed(request, attempt.model, this.settings.options.embed_input_type));
    const response = await this.post(this.embedUrl, body, this.headers, attempt);
    return decodeCohereEmbed(await readUpstreamJson(response, attempt), attempt.model);
  }

  private async post(url: string, body: string | Buffer, headers: Record<string, string>, attempt: ProviderAttempt): Promise<UpstreamResponse> {
    const response = await attempt.send({ method: 'POST', url, headers: extensibleCopy(headers), body });
    if (response.status < 400) return response;
    const text = attempt.scrub(await response.body.text().catch(() => ''));
    throw upstreamStatusError(this.settings.name, response.status, decodeCohereError(response.status, text), parseRetryAfter(response.headers));
  }


  private async *chunks(response: UpstreamResponse, decoder: CohereStreamDecoder, attempt: ProviderAttempt): AsyncGenerator<ChatChunk> {
    try {
      for await (const event of readSse(response.body)) {
        // v2 ends with message-end; a [DONE] sentinel is tolerated from compatible servers.
        if (event.data === '[DONE]') return;
        const data = parseStreamEvent(event.data, this.settings.name);
        yield* decoder.decode(data);
      }
    } catch (error) {
      throw error instanceof GatewayError ? error : transportError(error, attempt.cancellation, this.settings.name);
    } finally {
      // Stops the upstream transfer when the consumer stops early (client gone, in-band error).
      response.body.destroy();
    }
  }
}
