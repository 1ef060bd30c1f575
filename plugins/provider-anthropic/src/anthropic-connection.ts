import {
  extensibleCopy, GatewayError, jsonBody, withoutFields, parseRetryAfter, readSse, transportError, upstreamStatusError,
  type ProviderAttempt, type ChatChunk, type ChatRequest, type ChatResult, type ConnectionSettings,
  type PassthroughFormat, type PassthroughTarget, type ProviderConnection, type UpstreamResponse, parseStreamEvent, readUpstreamJson,
} from '@model-gateway/core';
import { AnthropicStreamDecoder, decodeAnthropicError, decodeAnthropicResponse, encodeAnthropicRequest, fitClaudeSampling, thinkingDropped } from '@model-gateway/format-anthropic';
import type { AnthropicOptions } from './anthropic-options';

/**
 * Where a Messages call goes and how its body differs, for hosts that serve Anthropic's
 * format at their own URLs (Anthropic itself; Claude on Vertex AI puts the model in the
 * URL and the API version in the body).
 */
export interface AnthropicLayout {
  url(model: string, stream: boolean): string;
  /** Adjusts the encoded body; Anthropic's own API takes it as encoded. */
  body?(body: Record<string, unknown>, model: string): Record<string, unknown>;
  /** Headers every translated call carries (besides content-type and the connection's own). */
  headers: Record<string, string>;
}

/** Anthropic's own API: `{base_url}/v1/messages`, version in the anthropic-version header. */
export function anthropicLayout(settings: ConnectionSettings<AnthropicOptions>): AnthropicLayout {
  return { url: () => `${settings.baseUrl}/v1/messages`, headers: { 'anthropic-version': settings.options.anthropic_version } };
}

/**
 * One Anthropic account. Unified-API calls are translated to the Messages format and
 * back (format-anthropic); Messages calls from Anthropic clients are relayed unchanged
 * to `{base_url}/v1/{operation}`. The key goes in x-api-key, set by credential injection.
 */
export class AnthropicConnection implements ProviderConnection {
  private readonly headers: Record<string, string>;

  constructor(
    readonly settings: ConnectionSettings<AnthropicOptions>,
    private readonly layout: AnthropicLayout = anthropicLayout(settings),
  ) {
    this.headers = { 'content-type': 'application/json', 'user-agent': 'model-gateway/0.1', ...layout.headers, ...settings.headers };
  }

  passthrough(format: PassthroughFormat, operation: string): PassthroughTarget | undefined {
    if (format !== 'anthropic') return undefined;
    // The client's own user-agent and anthropic-version go through; the configured version is only a default.
    return {
      url: `${this.settings.baseUrl}/v1/${operation}`,
      headers: { 'content-type': 'application/json', ...this.settings.headers },
      defaultHeaders: { 'anthropic-version': this.settings.options.anthropic_version },
    };
  }

  async chat(request: ChatRequest, attempt: ProviderAttempt): Promise<ChatResult> {
    // Sampling knobs the model refuses are hints: dropped and named (format-anthropic's claude-sampling.ts).
    const sampled = fitClaudeSampling(request, attempt);
    // The last resort when a tool turn's signed thinking was lost (docs/translation.md): thinking off, said in x-gateway-dropped-fields.
    const fitted = thinkingDropped(sampled) ? withoutFields(sampled, ['reasoning'], attempt) : sampled;
    const encoded = encodeAnthropicRequest(fitted, attempt.model, { defaultMaxTokens: this.settings.options.default_max_tokens });
    // jsonBody: a long prompt is copied into the body natively rather than escaped a character at a time.
    const body = jsonBody(this.layout.body?.(encoded, attempt.model) ?? encoded);
    const response = await attempt.send({ method: 'POST', url: this.layout.url(attempt.model, request.stream), headers: extensibleCopy(this.headers), body });
    if (response.status >= 400) {
      const text = attempt.scrub(await response.body.text().catch(() => ''));
      throw upstreamStatusError(this.settings.name, response.status, decodeAnthropicError(response.status, text), parseRetryAfter(response.headers));
    }
    if (!request.stream) return { type: 'response', response: decodeAnthropicResponse(await readUpstreamJson(response, attempt)) };
    return { type: 'stream', chunks: this.chunks(response, attempt) };
  }


  private async *chunks(response: UpstreamResponse, attempt: ProviderAttempt): AsyncGenerator<ChatChunk> {
    const decoder = new AnthropicStreamDecoder({ connection: this.settings.name, scrub: (text) => attempt.scrub(text) });
    try {
      for await (const event of readSse(response.body)) {
        const data = parseStreamEvent(event.data, this.settings.name);
        for (const chunk of decoder.decode(data)) yield chunk;
        if ((data as { type?: unknown }).type === 'message_stop') return;
      }
      // A stream that ends without message_stop was cut: the answer may be incomplete.
      throw new GatewayError('upstream_invalid_response', `Provider "${this.settings.name}" ended the stream before message_stop.`);
    } catch (error) {
      throw error instanceof GatewayError ? error : transportError(error, attempt.cancellation, this.settings.name);
    } finally {
      // Stops the upstream transfer when the consumer stops early (client gone, in-band error).
      response.body.destroy();
    }
  }
}
