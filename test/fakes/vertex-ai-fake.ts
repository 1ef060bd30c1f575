import type http from 'node:http';
import { verify, type KeyObject } from 'node:crypto';
import type { ConformanceFake, RequestView } from '../conformance/conformance-types';
import { anthropicView, answerMessages, ruleBroken } from './anthropic-fake';
import { requestedScenario } from './fake-scenarios';
import { answersItself, writeClaudeAnswer } from './rules/vertex-claude-answers';
import { vertexClaudeCountAnswer, vertexClaudeCountProblem } from './rules/vertex-claude-count-tokens';
import { cacheRuleBroken } from './rules/vertex-claude-rules';
import { vertexCountTokensAnswer, vertexCountTokensProblem } from './rules/gemini-count-tokens';
import { FakeServer, json, type FakeOptions, type RecordedRequest } from './fake-server';
import { embeddingFor } from './fake-scenarios';
import { answerGenerate, geminiView, googleError, sseStreamsOnly, type GeminiRequest } from './gemini-fake';

/**
 * A local Vertex AI: an OAuth token endpoint and the aiplatform API of one project and
 * location.
 *
 * - The token endpoint takes the JWT bearer grant: it verifies the assertion's RS256
 *   signature with the public key of the service account the test made, and its claims
 *   (issuer, audience, scope, lifetime), then issues an access token.
 * - The API answers only requests whose Bearer token it issued (else Google's 401), at
 *   `/v1/projects/{p}/locations/{l}/publishers/{publisher}/models/{model}:{method}`:
 *   Gemini models with the Gemini fake's answers (same bodies as the Gemini API; countTokens
 *   as Vertex has it: rules/gemini-count-tokens.ts), text
 *   embeddings through predict, and Claude through rawPredict / streamRawPredict, which
 *   it checks (no model in the body, anthropic_version vertex-2023-10-16, Anthropic's
 *   Messages rules, cache_control breakpoints: rules/vertex-claude-rules.ts; Claude's token
 *   count at count-tokens:rawPredict: rules/vertex-claude-count-tokens.ts) and answers as
 *   the Anthropic fake answers a Messages call, as Vertex hosts Anthropic's own format; a
 *   stop-sequence scenario or a cached request is answered by rules/vertex-claude-answers.ts.
 */

export interface ServiceAccountIdentity {
  clientEmail: string;
  publicKey: KeyObject;
  project: string;
  location: string;
}

/** A Gemini-shaped record (its `rpc` is the Vertex method), whichever publisher the model is of. */
export interface VertexRequest extends GeminiRequest {
  publisher: string;
  /** A problem with the request's Bearer token, or undefined when it is one the token endpoint issued. */
  authProblem?: string;
}

const ROUTE = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(google|anthropic)\/models\/([^/:]+):([A-Za-z]+)$/;
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

/** The token endpoint: a token is valid only at the API of the fake whose endpoint issued it. */
class TokenEndpoint extends FakeServer<RecordedRequest> {
  readonly issued = new Set<string>();
  /** Token requests seen, and those refused (with why), so tests can check caching and signatures. */
  readonly grants: Array<{ ok: boolean; problem?: string }> = [];

  constructor(private readonly identity: ServiceAccountIdentity) {
    super({ name: 'Vertex AI token endpoint', basePath: '/token', answer: (req, res) => this.grant(req, res) });
  }

  start(): Promise<this> {
    return this.listen();
  }

  get url(): string {
    return this.baseUrl;
  }

  protected record(common: RecordedRequest): RecordedRequest {
    return common;
  }

  private grant(req: RecordedRequest, res: http.ServerResponse): void {
    const problem = this.grantProblem(req, new URLSearchParams(req.rawBody));
    this.grants.push(problem ? { ok: false, problem } : { ok: true });
    if (problem) return json(res, 400, { error: 'invalid_grant', error_description: problem });
    const token = `ya29.conformance-${this.issued.size + 1}`;
    this.issued.add(token);
    json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
  }

  /** Checks the grant as Google documents it, written from the JWT spec rather than with the gateway's code. */
  private grantProblem(req: RecordedRequest, form: URLSearchParams): string | undefined {
    if (req.method !== 'POST' || req.path !== '/token') return `unexpected ${req.method} ${req.path}`;
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return 'the grant is not form-encoded';
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return 'grant_type is not the JWT bearer grant';
    const parts = (form.get('assertion') ?? '').split('.');
    if (parts.length !== 3) return 'the assertion is not a JWT';
    const [header, claims] = parts.slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
    if (header.alg !== 'RS256') return `the assertion is signed with ${header.alg}, not RS256`;
    const signed = verify('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), this.identity.publicKey, Buffer.from(parts[2], 'base64url'));
    if (!signed) return 'Invalid JWT Signature.';
    if (claims.iss !== this.identity.clientEmail) return `the assertion's issuer is ${claims.iss}`;
    if (claims.aud !== this.url) return `the assertion's audience is ${claims.aud}, not ${this.url}`;
    if (!String(claims.scope).split(' ').includes(SCOPE)) return 'the assertion does not ask for the cloud-platform scope';
    const now = Date.now() / 1000;
    if (!(Math.abs(claims.iat - now) < 60)) return 'the assertion was not issued now';
    if (!(claims.exp > claims.iat && claims.exp - claims.iat <= 3600)) return 'the assertion is valid for more than an hour';
    return undefined;
  }
}

/** The aiplatform API; its `tokenEndpoint` issues the tokens it takes. */
export class VertexAiFake extends FakeServer<VertexRequest> implements ConformanceFake {
  private constructor(
    private readonly identity: ServiceAccountIdentity,
    readonly tokenEndpoint: TokenEndpoint,
    options: FakeOptions<VertexRequest>,
  ) {
    super({ name: 'Vertex AI', script: options.script, answer: (req, res) => this.answer(req, res) });
  }

  static async start(identity: ServiceAccountIdentity, options: FakeOptions<VertexRequest> = {}): Promise<VertexAiFake> {
    const tokens = await new TokenEndpoint(identity).start();
    return new VertexAiFake(identity, tokens, options).listen();
  }

  override async close(): Promise<void> {
    await Promise.all([super.close(), this.tokenEndpoint.close()]);
  }

  protected record(common: RecordedRequest): VertexRequest {
    const [, , , publisher = '', encoded = '', rpc = ''] = ROUTE.exec(common.pathname) ?? [];
    const model = decodeURIComponent(encoded);
    // Claude's view is the Anthropic fake's, filled in once the body has been checked.
    const view: RequestView = publisher === 'anthropic' ? { model, stream: rpc === 'streamRawPredict', turns: [], tools: [] } : vertexGeminiView(model, rpc, common.body);
    const seen: VertexRequest = { ...common, apiVersion: 'v1', publisher, model, rpc, view };
    const problem = this.authProblem(common.headers.authorization);
    if (problem) seen.authProblem = problem;
    return seen;
  }

  private authProblem(authorization: string | undefined): string | undefined {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!token) return 'no Bearer token';
    return this.tokenEndpoint.issued.has(token) ? undefined : 'a Bearer token the token endpoint never issued';
  }

  private answer(req: VertexRequest, res: http.ServerResponse): void | Promise<void> {
    if (req.authProblem) return googleError(res, 401, `Request had invalid authentication credentials: ${req.authProblem}.`);
    const route = ROUTE.exec(req.pathname);
    if (!route) return googleError(res, 404, `No method at ${req.pathname}`);
    const [, project, location] = route;
    if (project !== this.identity.project || location !== this.identity.location) return googleError(res, 404, `Project ${project} in ${location} is not this fake's`);
    if (req.publisher === 'anthropic') return claude(req, res);
    if (req.rpc === 'predict') return predict(req, res);
    if (req.rpc === 'countTokens') {
      const problem = vertexCountTokensProblem(req.body);
      return problem ? googleError(res, 400, problem) : json(res, 200, vertexCountTokensAnswer(req.body));
    }
    if (req.rpc !== 'generateContent' && req.rpc !== 'streamGenerateContent') return googleError(res, 404, `No method ${req.rpc} for Gemini models`);
    // The gateway's Vertex connection streams with alt=sse.
    const rule = sseStreamsOnly(req);
    if (rule) return googleError(res, 400, rule);
    return answerGenerate(req, res);
  }
}

/** rawPredict: Anthropic's body with the model in the URL and the version in the body, answered as a Messages call. */
function claude(req: VertexRequest, res: http.ServerResponse): void | Promise<void> {
  if (req.rpc !== 'rawPredict' && req.rpc !== 'streamRawPredict') return googleError(res, 404, `No method ${req.rpc} for Claude models`);
  if (req.model === 'count-tokens') return countClaudeTokens(req, res);
  const body = req.body ?? {};
  if ('model' in body) return googleError(res, 400, 'Claude on Vertex takes the model in the URL; the body must not name one.');
  if (body.anthropic_version !== VERTEX_ANTHROPIC_VERSION) return googleError(res, 400, `anthropic_version must be ${VERTEX_ANTHROPIC_VERSION}.`);
  if ((req.rpc === 'streamRawPredict') !== (body.stream === true)) return googleError(res, 400, 'streamRawPredict needs "stream": true, rawPredict must not stream.');
  const { anthropic_version: _version, ...rest } = body;
  const messages = { ...rest, model: req.model };
  req.view = anthropicView(messages);
  const broken = ruleBroken(messages) ?? cacheRuleBroken(messages);
  if (broken) return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: broken } });
  const { scenario } = requestedScenario(req.view);
  if (answersItself(scenario, messages)) return writeClaudeAnswer(scenario, messages, req.model, res);
  return answerMessages({ ...req, pathname: '/v1/messages', body: messages, rawBody: JSON.stringify(messages) }, res);
}

/** count-tokens:rawPredict, Claude's token count on Vertex (rules/vertex-claude-count-tokens.ts). */
function countClaudeTokens(req: VertexRequest, res: http.ServerResponse): void {
  if (req.rpc !== 'rawPredict') return googleError(res, 404, 'count-tokens is served at rawPredict');
  const problem = vertexClaudeCountProblem(req.body);
  if (problem) return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: problem } });
  json(res, 200, vertexClaudeCountAnswer(req.body));
}

/** A Gemini view for generateContent bodies; predict's instances are the embeddings inputs. */
function vertexGeminiView(model: string, method: string, body: any): RequestView {
  if (method === 'predict') return { model, stream: false, turns: [], tools: [], inputs: (body?.instances ?? []).map((i: any) => i.content) };
  return geminiView(model, method, body);
}

function predict(req: VertexRequest, res: http.ServerResponse): void {
  const predictions = (req.view.inputs ?? []).map((text, i) => ({ embeddings: { values: embeddingFor(text, i), statistics: { token_count: 1, truncated: false } } }));
  json(res, 200, { predictions, metadata: { billableCharacterCount: 9 } });
}
