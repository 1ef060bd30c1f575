import type { GatewayPlugin, ProviderDefinition } from '@model-gateway/core';
import { BedrockConnection } from './bedrock-connection';
import { BEDROCK_BASE_URL_TEMPLATE, BEDROCK_DOCS_URL, BEDROCK_ENV, BEDROCK_SECRET_OPTIONS, bedrockOptionsSchema, type BedrockOptions } from './bedrock-facts';

export const bedrockProvider: ProviderDefinition<BedrockOptions> = {
  type: 'bedrock',
  displayName: 'Amazon Bedrock: Converse / ConverseStream chat and InvokeModel embeddings, signed with SigV4 or a Bedrock API key',
  label: 'Amazon Bedrock',
  menuRank: 50,
  docsUrl: BEDROCK_DOCS_URL,
  defaultBaseUrl: BEDROCK_BASE_URL_TEMPLATE,
  // The Bedrock API key (bearer) is the connection's api_key; an implicit connection reads it from here.
  apiKeyEnv: BEDROCK_ENV.bearerToken,
  // Access keys are an alternative to api_key, so "no api_key" is not "no credentials":
  // the connection's authorize() answers 503 when it has neither.
  requiresApiKey: false,
  auth: { kind: 'connection' },
  capabilities: { chat: true, embeddings: true, streaming: true, tools: true, vision: true, jsonSchema: true, passthrough: [] },
  optionsSchema: bedrockOptionsSchema,
  secretOptions: [...BEDROCK_SECRET_OPTIONS],
  // Read by core for an implicit connection only, like apiKeyEnv.
  optionsEnv: { access_key_id: BEDROCK_ENV.accessKeyId, secret_access_key: BEDROCK_ENV.secretAccessKey, session_token: BEDROCK_ENV.sessionToken },
  createConnection: (settings) => new BedrockConnection(settings),
};

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-bedrock',
  kind: 'provider',
  register: (api) => api.registerProvider(bedrockProvider),
};

export default plugin;
export { BedrockConnection } from './bedrock-connection';
export { encodeConverseRequest } from './converse-request';
export { decodeConverseResponse } from './converse-response';
export { ConverseStreamDecoder } from './converse-stream-decoder';
export { readEventStream } from './event-stream-reader';
export type * from './converse-types';
