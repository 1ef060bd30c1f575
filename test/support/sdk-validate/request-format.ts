import type { RecordedRequest } from '../../fakes/fake-server';
import type { SdkFormat } from './sdk-validator';

/**
 * Which SDK request type a fake's request is checked against, from the fake's name and
 * what its `record` read from the path. Undefined: it is not an API call (a token
 * endpoint, a GET) or not one of the paths a provider serves (the fake answers it 404).
 */
export function requestFormat(fake: string, req: RecordedRequest & Record<string, any>, dialect?: 'mistral'): SdkFormat | undefined {
  if (req.method !== 'POST' || req.body === undefined) return undefined;
  switch (fake) {
    case 'OpenAI':
      if (dialect === 'mistral') return req.kind === 'chat' ? 'mistral-chat' : req.kind === 'embeddings' ? 'mistral-embeddings' : undefined;
      return req.kind ? (`openai-${req.kind}` as SdkFormat) : undefined;
    case 'Anthropic':
      if (req.pathname === '/v1/messages/count_tokens') return req.headers['anthropic-beta'] ? 'anthropic-beta-count-tokens' : 'anthropic-count-tokens';
      if (req.pathname !== '/v1/messages') return undefined;
      return req.headers['anthropic-beta'] ? 'anthropic-beta-messages' : 'anthropic-messages';
    case 'Gemini':
      return geminiFormat(req.rpc);
    case 'Vertex AI':
      // Claude's token count is the `count-tokens` model's rawPredict, with Anthropic's count_tokens body.
      if (req.publisher === 'anthropic') return req.model === 'count-tokens' ? 'anthropic-vertex-count-tokens' : 'anthropic-vertex';
      if (req.rpc === 'predict') return 'vertex-predict';
      return req.rpc === 'generateContent' || req.rpc === 'streamGenerateContent' ? 'gemini-generate' : undefined;
    case 'Bedrock': {
      const operation = /^\/model\/[^/]+\/(converse|converse-stream|invoke|invoke-with-response-stream)$/.exec(req.pathname)?.[1];
      if (operation === 'invoke' || operation === 'invoke-with-response-stream') return 'bedrock-invoke';
      return operation ? (`bedrock-${operation}` as SdkFormat) : undefined;
    }
    case 'Cohere':
      return req.pathname === '/v2/chat' ? 'cohere-chat' : req.pathname === '/v2/embed' ? 'cohere-embed' : undefined;
    default:
      return undefined;
  }
}

function geminiFormat(rpc: string | undefined): SdkFormat | undefined {
  if (rpc === 'generateContent' || rpc === 'streamGenerateContent') return 'gemini-generate';
  if (rpc === 'embedContent') return 'gemini-embed';
  if (rpc === 'batchEmbedContents') return 'gemini-batch-embed';
  return undefined;
}
