import { randomUUID } from 'node:crypto';
import {
  GatewayError, parseStreamEvent, readUpstreamJson, transportError,
  type ProviderAttempt, type ChatChunk, type ChatRequest, type ChatResult, type ConnectionSettings,
  type EmbeddingsRequest, type EmbeddingsResponse, type ProviderConnection, type UpstreamRequest, type UpstreamResponse,
} from '@model-gateway/core';
import { toUtf8 } from '@smithy/util-utf8';
import { resolveCredentials, type BedrockCredentials } from './bedrock-credentials';
import { bedrockEmbeddings } from './bedrock-embeddings';
import { bedrockStatusError, streamExceptionError } from './bedrock-errors';
import { BEDROCK_PATHS, INPUT_TOKEN_COUNT_HEADER, REQUEST_ID_HEADER, type BedrockOptions } from './bedrock-facts';
import { fitConverseHints } from './converse-hints';
import { encodeConverseRequest } from './converse-request';
import { decodeConverseResponse } from './converse-response';
import { ConverseStreamDecoder } from './converse-stream-decoder';
import { readEventStream } from './event-stream-reader';
import { sigV4Signer } from './sigv4-signer';

/**
 * One Bedrock account in one region: Converse / ConverseStream for chat, InvokeModel
 * for embeddings. Requests are authorized in `authorize`, after their URL, headers and
 * body are final, because a SigV4 signature covers all three.
 */
export class BedrockConnection implements ProviderConnection {
  private readonly credentials: BedrockCredentials;
  /** Adds the credentials to a final request; chosen once, from the connection's settings. */
  private readonly authorizer: (request: UpstreamRequest) => Promise<void>;
  private readonly baseUrl: string;
  private readonly region: string;

  constructor(readonly settings: ConnectionSettings<BedrockOptions>) {
    this.region = settings.options.region;
    this.baseUrl = settings.baseUrl.replace('{region}', this.region);
    this.credentials = resolveCredentials(settings);
    this.authorizer = this.authorizerFor(this.credentials);
  }

  async chat(request: ChatRequest, attempt: ProviderAttempt): Promise<ChatResult> {
    const fitted = fitConverseHints(request, attempt);
    const body = JSON.stringify(encodeConverseRequest(fitted, attempt.model));
    const path = request.stream ? BEDROCK_PATHS.converseStream(attempt.model) : BEDROCK_PATHS.converse(attempt.model);
    const response = await this.post(path, body, attempt, {});
    const meta = { id: this.responseId(response), created: Math.floor(Date.now() / 1000), model: attempt.model };
    if (!request.stream) return { type: 'response', response: decodeConverseResponse(await readUpstreamJson(response, attempt), meta) };
    return { type: 'stream', chunks: this.chunks(response, attempt, new ConverseStreamDecoder(meta)) };
  }

  embeddings(request: EmbeddingsRequest, attempt: ProviderAttempt): Promise<EmbeddingsResponse> {
    return bedrockEmbeddings(request, attempt.model, async (body) => {
      // InvokeModel bodies are opaque to Bedrock: content-type and accept say what they are.
      const response = await this.post(BEDROCK_PATHS.invoke(attempt.model), JSON.stringify(body), attempt, { accept: 'application/json' });
      const tokens = Number(response.headers[INPUT_TOKEN_COUNT_HEADER]);
      return { json: await readUpstreamJson(response, attempt), ...(Number.isFinite(tokens) && { inputTokens: tokens }) };
    });
  }

  /** Called by the authorize phase once the request is final (a SigV4 signature covers URL, headers and body). */
  authorize(request: UpstreamRequest): Promise<void> {
    return this.authorizer(request);
  }

  /** SigV4 with the access keys, the API key as a bearer token, or a 503 that says what to configure. */
  private authorizerFor(credentials: BedrockCredentials): (request: UpstreamRequest) => Promise<void> {
    switch (credentials.kind) {
      case 'sigv4':
        return sigV4Signer(
          () => ({
            accessKeyId: credentials.accessKeyId.reveal(),
            secretAccessKey: credentials.secretAccessKey.reveal(),
            ...(credentials.sessionToken && { sessionToken: credentials.sessionToken.reveal() }),
          }),
          this.region,
        );
      case 'bearer':
        return async (request) => {
          request.headers.authorization = `Bearer ${credentials.token.reveal()}`;
        };
      case 'missing':
        return async () => {
          throw new GatewayError('provider_credentials_missing', `Provider "${this.settings.name}" has no AWS credentials configured on the gateway (${credentials.problem}).`);
        };
    }
  }

  private async post(path: string, body: string, attempt: ProviderAttempt, headers: Record<string, string>): Promise<UpstreamResponse> {
    const request: UpstreamRequest = {
      method: 'POST',
      url: this.baseUrl + path,
      headers: { 'content-type': 'application/json', 'user-agent': 'model-gateway/0.1', ...headers, ...this.settings.headers },
      body,
    };
    const response = await attempt.send(request);
    if (response.status < 400) return response;
    const text = attempt.scrub(await response.body.text().catch(() => ''));
    throw bedrockStatusError(this.settings.name, response.status, text, response.headers);
  }


  private async *chunks(response: UpstreamResponse, attempt: ProviderAttempt, decoder: ConverseStreamDecoder): AsyncGenerator<ChatChunk> {
    let stopped = false;
    try {
      for await (const frame of readEventStream(response.body)) {
        const payload = toUtf8(frame.body);
        const messageType = frame.headers[':message-type'];
        if (messageType === 'exception') {
          throw streamExceptionError(this.settings.name, frame.headers[':exception-type'] ?? 'unknown', attempt.scrub(payload));
        }
        if (messageType === 'error') {
          const message = `${frame.headers[':error-code'] ?? 'error'}: ${frame.headers[':error-message'] ?? payload}`;
          throw streamExceptionError(this.settings.name, 'internalServerException', JSON.stringify({ message: attempt.scrub(message) }));
        }
        const event = parseStreamEvent(payload, this.settings.name) as Record<string, unknown>;
        const eventType = frame.headers[':event-type'] ?? '';
        if (eventType === 'messageStop') stopped = true;
        yield* decoder.decode(eventType, event);
      }
      // Bedrock always ends a message with messageStop: a body that closes before it was cut short.
      if (!stopped) throw new GatewayError('upstream_invalid_response', `Provider "${this.settings.name}" ended the stream before the message was complete.`);
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      if (attempt.cancellation.aborted) throw transportError(error, attempt.cancellation, this.settings.name);
      // The codec's CRC and framing errors are plain Errors: a corrupted stream, not a transport failure.
      if (error instanceof Error && !(error as { code?: unknown }).code) {
        throw new GatewayError('upstream_invalid_response', `Provider "${this.settings.name}" sent an event stream the gateway could not read.`, { cause: error });
      }
      throw transportError(error, attempt.cancellation, this.settings.name);
    } finally {
      // Stops the upstream transfer when the consumer stops early (client gone, in-band error).
      response.body.destroy();
    }
  }

  private responseId(response: UpstreamResponse): string {
    const requestId = response.headers[REQUEST_ID_HEADER];
    return `bedrock-${typeof requestId === 'string' && requestId ? requestId : randomUUID()}`;
  }
}
