import { CHAT_ALL, CHAT_ALL_EMBEDDINGS, CHAT_TOOLS, type CatalogRow } from '../catalog-row';

/** Routers and gateways that reach many vendors' models through one OpenAI-compatible API. */
export const ROUTER_ROWS: readonly CatalogRow[] = [
  { type: 'openrouter', displayName: 'OpenRouter', label: 'OpenRouter', menuRank: 150, baseUrl: 'https://openrouter.ai/api/v1', docsUrl: 'https://openrouter.ai/docs/quickstart', keyEnv: 'OPENROUTER_API_KEY', serves: CHAT_ALL },
  { type: 'vercel-ai-gateway', displayName: 'Vercel AI Gateway', label: 'Vercel AI Gateway', baseUrl: 'https://ai-gateway.vercel.sh/v1', docsUrl: 'https://vercel.com/docs/ai-gateway/sdks-and-apis/openai-chat-completions', keyEnv: 'AI_GATEWAY_API_KEY', serves: CHAT_ALL },
  { type: 'github-models', displayName: 'GitHub Models', label: 'GitHub Models', baseUrl: 'https://models.github.ai/inference', docsUrl: 'https://docs.github.com/en/github-models', keyEnv: 'GITHUB_TOKEN', serves: CHAT_ALL_EMBEDDINGS },
  { type: 'huggingface', displayName: 'Hugging Face Inference Providers (router)', label: 'Hugging Face', baseUrl: 'https://router.huggingface.co/v1', docsUrl: 'https://huggingface.co/docs/inference-providers', keyEnv: 'HF_TOKEN', serves: CHAT_ALL },
  { type: 'poe', displayName: 'Poe', label: 'Poe', baseUrl: 'https://api.poe.com/v1', docsUrl: 'https://creator.poe.com/docs/external-applications/openai-compatible-api', keyEnv: 'POE_API_KEY', serves: ['chat', 'streaming', 'tools', 'vision'] },
  { type: 'zenmux', displayName: 'ZenMux', label: 'ZenMux', baseUrl: 'https://zenmux.ai/api/v1', docsUrl: 'https://docs.zenmux.ai', keyEnv: 'ZENMUX_API_KEY', serves: CHAT_ALL },
  { type: 'cortecs', displayName: 'Cortecs', label: 'Cortecs', baseUrl: 'https://api.cortecs.ai/v1', docsUrl: 'https://docs.cortecs.ai', keyEnv: 'CORTECS_API_KEY', serves: CHAT_TOOLS },
  { type: 'nano-gpt', displayName: 'NanoGPT', label: 'NanoGPT', baseUrl: 'https://nano-gpt.com/api/v1', docsUrl: 'https://docs.nano-gpt.com', keyEnv: 'NANO_GPT_API_KEY', serves: CHAT_ALL },
  { type: 'fastrouter', displayName: 'FastRouter', label: 'FastRouter', baseUrl: 'https://go.fastrouter.ai/api/v1', docsUrl: 'https://fastrouter.ai/models', keyEnv: 'FASTROUTER_API_KEY', serves: CHAT_ALL },
  { type: 'aimlapi', displayName: 'AI/ML API', label: 'AI/ML API', baseUrl: 'https://api.aimlapi.com/v1', docsUrl: 'https://docs.aimlapi.com', keyEnv: 'AIMLAPI_API_KEY', serves: CHAT_ALL_EMBEDDINGS },
  { type: 'helicone', displayName: 'Helicone AI Gateway', label: 'Helicone', baseUrl: 'https://ai-gateway.helicone.ai/v1', docsUrl: 'https://docs.helicone.ai/gateway/overview', keyEnv: 'HELICONE_API_KEY', serves: CHAT_ALL },
  { type: '302ai', displayName: '302.AI', label: '302.AI', baseUrl: 'https://api.302.ai/v1', docsUrl: 'https://doc.302.ai', keyEnv: 'AI302_API_KEY', serves: CHAT_ALL },
  { type: 'abacus', displayName: 'Abacus.AI RouteLLM', label: 'Abacus.AI', baseUrl: 'https://routellm.abacus.ai/v1', docsUrl: 'https://abacus.ai/help/api', keyEnv: 'ABACUS_API_KEY', serves: ['chat', 'streaming'] },
  { type: 'jiekou', displayName: 'Jiekou.AI', label: 'Jiekou.AI', baseUrl: 'https://api.jiekou.ai/openai', docsUrl: 'https://docs.jiekou.ai/docs/support/quickstart', keyEnv: 'JIEKOU_API_KEY', serves: CHAT_ALL },
  { type: 'kilo', displayName: 'Kilo Gateway', label: 'Kilo Gateway', baseUrl: 'https://api.kilo.ai/api/gateway', docsUrl: 'https://kilo.ai/docs/gateway', keyEnv: 'KILO_API_KEY', serves: CHAT_ALL },
];
