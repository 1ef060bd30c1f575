import type { RecordedRequest } from '../../fakes/fake-server';
import type { SdkFormat } from './sdk-validator';

/**
 * Which SDK request type a fake's request is checked against, from the fake's name and
 * what its `record` read from the path. Undefined: no official type exists for it
 * (Cohere, whose SDK the venv does not carry; Bedrock InvokeModel and Vertex predict,
 * whose bodies are model-specific) or it is not an API call (a token endpoint, a GET).
 */
export function requestFormat(fake: string, req: RecordedRequest & Record<string, any>, dialect?: 'mistral'): SdkFormat | undefined {
  if (req.method !== 'POST' || req.body === undefined) return undefined;
  switch (fake) {
    case 'OpenAI':
      if (dialect === 'mistral') return req.kind === 'chat' ? 'mistral-chat' : req.kind === 'embeddings' ? 'mistral-embeddings' : undefined;
      return req.kind ? (`openai-${req.kind}` as SdkFormat) : undefined;
    case 'Anthropic':
      if (req.pathname !== '/v1/messages') return undefined;
      return req.headers['anthropic-beta'] ? 'anthropic-beta-messages' : 'anthropic-messages';
    case 'Gemini':
      return geminiFormat(req.rpc);
    case 'Vertex AI':
      if (req.publisher === 'anthropic') return 'anthropic-vertex';
      return req.rpc === 'generateContent' || req.rpc === 'streamGenerateContent' ? 'gemini-generate' : undefined;
    case 'Bedrock': {
      const operation = /^\/model\/[^/]+\/(converse|converse-stream)$/.exec(req.pathname)?.[1];
      return operation ? (`bedrock-${operation}` as SdkFormat) : undefined;
    }
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
