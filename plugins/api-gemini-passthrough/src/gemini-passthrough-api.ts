import type { Request, Response } from 'express';
import {
  DROPPED_FIELDS_HEADER, GatewayError, jsonBodyBuffer, relayBody, relayedOr, sseData, unknownPathRoutes, writeJson,
  type ApiStyleDefinition, type EndpointKind, type GatewayRuntime, type RouteDefinition, type LocalAnswer, type TranslatedCall, type TranslatedChat,
} from '@model-gateway/core';
import { decodeBatchEmbedContentsRequest, decodeEmbedContentRequest, decodeGenerateContentCall, GEMINI_FIELD_NAMES } from '@model-gateway/format-gemini';
import { batchEmbedContentsOutput, embedContentOutput, geminiJsonArrayOutput, geminiSseOutput } from './gemini-chat-output';
import { countTokens } from './gemini-count-tokens';
import { geminiErrorBody, renderGeminiError } from './gemini-error';
import { geminiUsageTap } from './gemini-usage';

export const API_STYLE = 'gemini-passthrough';

/** The vendor segment and its neutral alias; google-genai appends /v1beta/models/{model}:{method} to `{gateway}/gateway/gemini`. */
const PREFIXES = ['/gateway/gemini', '/gateway/vendor-c'];

/** The methods that can be relayed and the endpoint kind each needs; the method is never a free path. */
const METHODS: Record<string, EndpointKind> = {
  generateContent: 'chat',
  streamGenerateContent: 'chat',
  embedContent: 'embeddings',
  batchEmbedContents: 'embeddings',
  countTokens: 'chat',
};

/** API versions Gemini serves; the SDKs default to different ones (JS v1beta, Python v1), and the call keeps its own. */
const VERSIONS = ['v1', 'v1beta', 'v1alpha'];

/** The version a call without one in its path is made with: the one every Gemini feature the gateway reads is in. */
const VERSIONLESS_DEFAULT = 'v1beta';

/**
 * Gemini's generateContent API: the endpoint name stands where Gemini has the model.
 * Relayed with the gateway's key when the endpoint's provider speaks Gemini, translated
 * through the canonical model otherwise.
 */
export function geminiPassthroughApi(): ApiStyleDefinition {
  return {
    name: API_STYLE,
    passthroughFormat: 'gemini',
    routeHint: (endpoint) => `/gateway/gemini/v1beta/models/${endpoint}:generateContent`,
    // google-genai sends its key as x-goog-api-key; REST examples put it in ?key=.
    clientCredentials: { headers: ['x-goog-api-key'], query: ['key'] },
    // Gemini documents no response header its clients read beyond core's base (content type, retry-after).
    relayedResponseHeaders: [],
    renderError: relayedOr(renderGeminiError),
    routes: (runtime: GatewayRuntime): RouteDefinition[] => [
      ...PREFIXES.flatMap((prefix): RouteDefinition[] => [
        // A reachability probe (HEAD, answered from this GET) on the base URL a client is given.
        { method: 'get', path: prefix, handle: (_req, res) => writeJson(res, 200, { format: 'gemini', versions: VERSIONS }) },
        ...VERSIONS.map((version) => ({
          method: 'post' as const,
          // One segment `{endpoint}:{method}`: Express reads it whole, the colon is split here.
          path: `${prefix}/${version}/models/:target`,
          json: true,
          handle: (req: Request, res: Response) => relay(runtime, req, res, version),
        })),
        {
          method: 'post',
          // LiteLLM's gemini/ provider with an api_base appends /models/{model}:{method} with no version: Gemini's default, v1beta.
          path: `${prefix}/models/:target`,
          json: true,
          handle: (req: Request, res: Response) => relay(runtime, req, res, VERSIONLESS_DEFAULT),
        },
      ]),
      ...unknownPathRoutes(PREFIXES),
    ],
  };
}

async function relay(runtime: GatewayRuntime, req: Request, res: Response, apiVersion: string): Promise<void> {
  const target = String(req.params.target);
  const colon = target.lastIndexOf(':');
  const endpointName = colon > 0 ? target.slice(0, colon) : target;
  const method = colon > 0 ? target.slice(colon + 1) : '';
  const kind = METHODS[method];
  if (!kind) {
    throw new GatewayError('route_not_found', `No Gemini method "${method}" on the gateway; use one of ${Object.keys(METHODS).join(', ')}.`);
  }
  const body = relayBody(req.body);
  if (method === 'countTokens') return countTokens(runtime, req, res, endpointName, apiVersion, body, API_STYLE);
  const sse = req.query.alt === 'sse';
  const stream = method === 'streamGenerateContent';
  await runtime.relay(req, res, {
    apiStyle: API_STYLE,
    endpointName,
    kind,
    format: 'gemini',
    operation: method,
    apiVersion,
    query: sse ? { alt: 'sse' } : undefined,
    stream,
    // The model is in the URL; the body travels as the client sent it.
    body: () => jsonBodyBuffer(body),
    usageTap: () => geminiUsageTap(sse),
    // SSE can end with an error event; the JSON-array form has none, so the connection is cut.
    streamError: (error) => (sse ? sseData(geminiErrorBody(error)) : undefined),
    translate: () => translate(method, body, sse),
  });
}

/** The call in canonical form, with the encoder that answers in the form the client asked for. */
export function translate(method: string, body: unknown, sse: boolean): Exclude<TranslatedCall, LocalAnswer> {
  switch (method) {
    case 'embedContent':
      return { kind: 'embeddings', request: decodeEmbedContentRequest(body), output: embedContentOutput };
    case 'batchEmbedContents':
      return { kind: 'embeddings', request: decodeBatchEmbedContentsRequest(body), output: batchEmbedContentsOutput };
    default: {
      const stream = method === 'streamGenerateContent';
      const output = stream && !sse ? geminiJsonArrayOutput : geminiSseOutput;
      const { request, dropped } = decodeGenerateContentCall(body, { stream });
      const translated: TranslatedChat = { kind: 'chat', request, output, fieldNames: GEMINI_FIELD_NAMES };
      if (dropped.length > 0) translated.headers = { [DROPPED_FIELDS_HEADER]: dropped.join(', ') };
      return translated;
    }
  }
}
