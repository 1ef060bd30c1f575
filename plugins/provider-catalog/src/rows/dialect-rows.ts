import { CHAT_ALL, CHAT_ALL_EMBEDDINGS, type CatalogRow } from '../catalog-row';
import { FIREWORKS_DIALECT } from '../dialects/fireworks-dialect';
import { GROQ_DIALECT } from '../dialects/groq-dialect';
import { MISTRAL_DIALECT } from '../dialects/mistral-dialect';
import { OLLAMA_DIALECT } from '../dialects/ollama-dialect';
import { TOGETHER_DIALECT } from '../dialects/together-dialect';

/**
 * Providers whose bodies depart from OpenAI's, each with its dialect (the rewrites as
 * data). They were packages of their own once; they come first so the provider types
 * keep their place in the config schema.
 */
export const DIALECT_ROWS: readonly CatalogRow[] = [
  // Vision: Pixtral and Mistral Small/Medium take image_url parts; json_schema response formats are supported. No Responses API.
  { type: 'mistral', displayName: 'Mistral AI (La Plateforme)', label: 'Mistral AI', menuRank: 80, baseUrl: 'https://api.mistral.ai/v1', docsUrl: 'https://docs.mistral.ai/api/', keyEnv: 'MISTRAL_API_KEY', serves: CHAT_ALL_EMBEDDINGS, dialect: MISTRAL_DIALECT },
  // Vision models (Llama 4 Scout/Maverick) take image_url parts; chat and the Responses API, no embeddings API.
  { type: 'groq', displayName: 'Groq', label: 'Groq', menuRank: 100, baseUrl: 'https://api.groq.com/openai/v1', docsUrl: 'https://console.groq.com/docs/openai', keyEnv: 'GROQ_API_KEY', serves: [...CHAT_ALL, 'responses'], dialect: GROQ_DIALECT },
  { type: 'together', displayName: 'Together AI', label: 'Together AI', menuRank: 110, baseUrl: 'https://api.together.xyz/v1', docsUrl: 'https://docs.together.ai/reference/chat-completions-1', keyEnv: 'TOGETHER_API_KEY', serves: [...CHAT_ALL_EMBEDDINGS, 'responses'], dialect: TOGETHER_DIALECT },
  { type: 'fireworks', displayName: 'Fireworks AI', label: 'Fireworks AI', menuRank: 120, baseUrl: 'https://api.fireworks.ai/inference/v1', docsUrl: 'https://docs.fireworks.ai/api-reference/post-chatcompletions', keyEnv: 'FIREWORKS_API_KEY', serves: CHAT_ALL_EMBEDDINGS, dialect: FIREWORKS_DIALECT },
  // No key variable: a local server needs none, and an implicit connection must never send a cloud key to it.
  // A key set on a connection (Ollama behind an authenticating proxy, or ollama.com) is sent as a bearer token.
  { type: 'ollama', displayName: 'Ollama (local models, OpenAI-compatible API)', label: 'Ollama', menuRank: 160, baseUrl: 'http://127.0.0.1:11434/v1', docsUrl: 'https://docs.ollama.com/api/openai-compatibility', kind: 'local', serves: [...CHAT_ALL_EMBEDDINGS, 'responses'], dialect: OLLAMA_DIALECT },
];
