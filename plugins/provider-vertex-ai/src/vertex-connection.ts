import {
  extensibleCopy, GatewayError, readUpstreamJson,
  type ProviderAttempt, type ChatRequest, type ChatResult, type ConnectionSettings, type EmbeddingsRequest, type EmbeddingsResponse,
  type PassthroughFormat, type PassthroughTarget, type ProviderConnection, type UpstreamRequest,
} from '@model-gateway/core';
import { embeddingTexts } from '@model-gateway/format-gemini';
import { AnthropicConnection, type AnthropicLayout, type AnthropicOptions } from '@model-gateway/provider-anthropic';
import { geminiChat, postGemini, type GeminiTarget } from '@model-gateway/provider-gemini';
import { AccessTokenSource } from './access-token-source';
import { isKeyText } from './api-entry-check';
import { loadServiceAccount, type ServiceAccount } from './service-account';
import { decodePredictResponse, encodePredictRequest, predictBatches } from './vertex-embeddings';
import { vertexGeminiCountTokensBody } from './vertex-count-tokens-body';
import { COUNT_TOKENS_MODEL, vertexClaudeBody, vertexCountTokensBody } from './vertex-claude-body';
import { VERTEX_ANTHROPIC_VERSION, type VertexOptions } from './vertex-facts';
import { vertexBaseUrl, vertexMethodUrl, vertexModel, type VertexModel, type VertexPlace } from './vertex-urls';

/**
 * One Google Cloud project's Vertex AI, reached with a service account. Every request
 * is authorized here (auth `connection`) with an OAuth2 access token minted from the
 * key and cached. Gemini models speak Gemini's generateContent format (format-gemini);
 * Claude models speak Anthropic's Messages format at rawPredict, with the API version
 * in the body and no model there (format-anthropic, through the anthropic provider's
 * connection with a Vertex layout); embeddings go through predict.
 */
export class VertexConnection implements ProviderConnection {
  private readonly headers: Record<string, string>;
  private readonly tokens: AccessTokenSource;
  private readonly claude: AnthropicConnection;
  private account?: ServiceAccount;

  constructor(readonly settings: ConnectionSettings<VertexOptions>) {
    this.headers = { 'content-type': 'application/json', ...settings.headers };
    this.tokens = new AccessTokenSource({ connection: settings.name, account: () => this.serviceAccount(), tokenUrl: settings.options.token_url, egress: settings.egress });
    const claudeOptions: AnthropicOptions = { anthropic_version: VERTEX_ANTHROPIC_VERSION, default_max_tokens: settings.options.default_max_tokens };
    this.claude = new AnthropicConnection({ ...settings, options: claudeOptions }, this.claudeLayout());
  }

  /** Credential injection hands every request here once its URL and body are final. */
  async authorize(request: UpstreamRequest, attempt: ProviderAttempt): Promise<void> {
    request.headers.authorization = `Bearer ${await this.tokens.get(attempt.signal)}`;
  }

  /**
   * Gemini clients reach Gemini models relayed: same bodies, Vertex's URL. Anthropic clients
   * reach Claude models relayed too (rawPredict answers in Anthropic's own format, so
   * stop_sequence, cache_control and thinking signatures pass untouched), count_tokens
   * included: Vertex counts Claude's tokens at its own count-tokens model (vertex-claude-body.ts).
   */
  passthrough(format: PassthroughFormat, operation: string, model: string, query?: Record<string, string>, _apiVersion?: string, stream?: boolean): PassthroughTarget | undefined {
    const parsed = vertexModel(model);
    if (format === 'anthropic' && operation === 'messages' && parsed.publisher === 'anthropic') {
      return { url: vertexMethodUrl(this.place(), parsed, stream ? 'streamRawPredict' : 'rawPredict'), headers: extensibleCopy(this.headers), rewriteBody: vertexClaudeBody };
    }
    if (format === 'anthropic' && operation === 'messages/count_tokens' && parsed.publisher === 'anthropic') {
      const rewriteBody = (body: Record<string, unknown>) => vertexCountTokensBody(body, parsed.name);
      return { url: vertexMethodUrl(this.place(), COUNT_TOKENS_MODEL, 'rawPredict'), headers: extensibleCopy(this.headers), rewriteBody };
    }
    if (format !== 'gemini' || parsed.publisher !== 'google') return undefined;
    // Vertex AI has no batchEmbedContents, and its text embedding models answer predict: Gemini clients' embeddings are translated there.
    if (operation === 'embedContent' || operation === 'batchEmbedContents') return undefined;
    const search = query?.alt ? `?alt=${encodeURIComponent(query.alt)}` : '';
    const target: PassthroughTarget = { url: `${vertexMethodUrl(this.place(), parsed, operation)}${search}`, headers: extensibleCopy(this.headers) };
    if (operation === 'countTokens') target.rewriteBody = vertexGeminiCountTokensBody;
    return target;
  }

  chat(request: ChatRequest, attempt: ProviderAttempt): Promise<ChatResult> {
    const model = vertexModel(attempt.model);
    if (model.publisher === 'anthropic') return this.claude.chat(request, attempt);
    return geminiChat(request, attempt, this.geminiTarget(model));
  }

  async embeddings(request: EmbeddingsRequest, attempt: ProviderAttempt): Promise<EmbeddingsResponse> {
    const model = vertexModel(attempt.model);
    if (model.publisher !== 'google') throw new GatewayError('unsupported_route', `Vertex AI has no embeddings for ${attempt.model}.`);
    const url = vertexMethodUrl(this.place(), model, 'predict');
    const target = { connection: this.settings.name, headers: this.headers };
    const batches = predictBatches(model.name, embeddingTexts(request));
    const answers = await Promise.all(
      batches.map(async (texts) => {
        const response = await postGemini(url, JSON.stringify(encodePredictRequest(texts, request.dimensions)), target, attempt);
        return decodePredictResponse(await readUpstreamJson(response, attempt), texts.length);
      }),
    );
    const vectors = answers.flatMap((answer) => answer.vectors);
    const response: EmbeddingsResponse = { model: attempt.model, data: vectors.map((embedding, index) => ({ index, embedding })) };
    if (answers.every((answer) => answer.tokens !== undefined)) {
      const tokens = answers.reduce((sum, answer) => sum + (answer.tokens ?? 0), 0);
      response.usage = { inputTokens: tokens, outputTokens: 0, totalTokens: tokens };
    }
    return response;
  }

  private geminiTarget(model: VertexModel): GeminiTarget {
    const place = this.place();
    return {
      connection: this.settings.name,
      generateUrl: vertexMethodUrl(place, model, 'generateContent'),
      streamUrl: `${vertexMethodUrl(place, model, 'streamGenerateContent')}?alt=sse`,
      headers: this.headers,
    };
  }

  private claudeLayout(): AnthropicLayout {
    return {
      url: (model, stream) => vertexMethodUrl(this.place(), vertexModel(model), stream ? 'streamRawPredict' : 'rawPredict'),
      body: vertexClaudeBody,
      headers: {},
    };
  }

  private place(): VertexPlace {
    const { options, baseUrl, name } = this.settings;
    const project = options.project ?? this.serviceAccount().projectId;
    if (!project) throw new GatewayError('provider_credentials_missing', `Provider "${name}" has no project: set \`project\`, or use a key that names its project_id.`);
    return { base: vertexBaseUrl(baseUrl, options.location), apiVersion: options.api_version, project, location: options.location };
  }

  /** Loaded on first use and kept: the key never changes for the life of a connection. */
  private serviceAccount(): ServiceAccount {
    if (this.account) return this.account;
    const key = this.settings.options.service_account_json;
    if (!key) throw new GatewayError('provider_credentials_missing', `Provider "${this.settings.name}" has no service_account_json configured.`);
    // A connection entered through the admin API (it carries an egress policy) never reads a file on this host.
    if (this.settings.egress && !isKeyText(key.reveal())) {
      throw new GatewayError('provider_credentials_missing', `Provider "${this.settings.name}" has no usable service account key: a key file path is accepted only in the config file.`);
    }
    try {
      this.account = loadServiceAccount(key.reveal());
    } catch (error) {
      throw new GatewayError('provider_credentials_missing', `Provider "${this.settings.name}" has no usable service account key: ${(error as Error).message}.`);
    }
    return this.account;
  }
}
