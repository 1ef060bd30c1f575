import { CHAT_ALL, CHAT_ALL_EMBEDDINGS, CHAT_TOOLS, EMBEDDINGS_ONLY, type CatalogRow } from '../catalog-row';

/**
 * Servers you run yourself, at the address each starts on by default (plain http on
 * this machine; set base_url for another host or port). They need no key unless you
 * configured one. What a local server can do depends on the model loaded.
 */
export const LOCAL_SERVER_ROWS: readonly CatalogRow[] = [
  { type: 'vllm', displayName: 'vLLM OpenAI-compatible server', label: 'vLLM', baseUrl: 'http://localhost:8000/v1', docsUrl: 'https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html', kind: 'local', serves: CHAT_ALL_EMBEDDINGS },
  { type: 'sglang', displayName: 'SGLang server', label: 'SGLang', baseUrl: 'http://localhost:30000/v1', docsUrl: 'https://docs.sglang.ai/basic_usage/openai_api.html', kind: 'local', serves: CHAT_ALL_EMBEDDINGS },
  { type: 'llama-cpp', displayName: 'llama.cpp server (llama-server)', label: 'llama.cpp', baseUrl: 'http://localhost:8080/v1', docsUrl: 'https://github.com/ggml-org/llama.cpp/tree/master/tools/server', kind: 'local', serves: CHAT_ALL_EMBEDDINGS },
  { type: 'lmstudio', displayName: 'LM Studio local server', label: 'LM Studio', baseUrl: 'http://localhost:1234/v1', docsUrl: 'https://lmstudio.ai/docs/developer/openai-compat', kind: 'local', serves: CHAT_ALL_EMBEDDINGS },
  { type: 'localai', displayName: 'LocalAI', label: 'LocalAI', baseUrl: 'http://localhost:8080/v1', docsUrl: 'https://localai.io/', kind: 'local', serves: CHAT_ALL_EMBEDDINGS },
  { type: 'jan', displayName: 'Jan local API server', label: 'Jan', baseUrl: 'http://localhost:1337/v1', docsUrl: 'https://jan.ai/docs/api-server', kind: 'local', serves: CHAT_TOOLS },
  { type: 'llamafile', displayName: 'llamafile server', label: 'llamafile', baseUrl: 'http://localhost:8080/v1', docsUrl: 'https://github.com/Mozilla-Ocho/llamafile', kind: 'local', serves: ['chat', 'embeddings', 'streaming'] },
  { type: 'text-generation-inference', displayName: 'Hugging Face Text Generation Inference (Messages API)', label: 'Text Generation Inference', baseUrl: 'http://localhost:8080/v1', docsUrl: 'https://huggingface.co/docs/text-generation-inference/messages_api', kind: 'local', serves: CHAT_ALL },
  { type: 'text-embeddings-inference', displayName: 'Hugging Face Text Embeddings Inference', label: 'Text Embeddings Inference', baseUrl: 'http://localhost:8080/v1', docsUrl: 'https://huggingface.co/docs/text-embeddings-inference/', kind: 'local', serves: EMBEDDINGS_ONLY },
  { type: 'infinity', displayName: 'Infinity embedding server', label: 'Infinity', baseUrl: 'http://localhost:7997', docsUrl: 'https://michaelfeil.github.io/infinity/', kind: 'local', serves: EMBEDDINGS_ONLY },
  { type: 'xinference', displayName: 'Xorbits Inference (Xinference)', label: 'Xinference', baseUrl: 'http://localhost:9997/v1', docsUrl: 'https://inference.readthedocs.io/', kind: 'local', serves: CHAT_ALL_EMBEDDINGS },
  { type: 'lmdeploy', displayName: 'LMDeploy api_server', label: 'LMDeploy', baseUrl: 'http://localhost:23333/v1', docsUrl: 'https://lmdeploy.readthedocs.io/en/latest/llm/api_server.html', kind: 'local', serves: CHAT_ALL },
  { type: 'aphrodite', displayName: 'Aphrodite Engine', label: 'Aphrodite Engine', baseUrl: 'http://localhost:2242/v1', docsUrl: 'https://aphrodite.pygmalion.chat/', kind: 'local', serves: CHAT_ALL },
  { type: 'tabbyapi', displayName: 'TabbyAPI (ExLlama)', label: 'TabbyAPI', baseUrl: 'http://localhost:5000/v1', docsUrl: 'https://github.com/theroyallab/tabbyAPI', kind: 'local', serves: CHAT_TOOLS },
  { type: 'text-generation-webui', displayName: 'text-generation-webui OpenAI-compatible API', label: 'text-generation-webui', baseUrl: 'http://localhost:5000/v1', docsUrl: 'https://github.com/oobabooga/text-generation-webui/wiki/12-%E2%80%90-OpenAI-API', kind: 'local', serves: ['chat', 'embeddings', 'streaming'] },
  { type: 'koboldcpp', displayName: 'KoboldCpp', label: 'KoboldCpp', baseUrl: 'http://localhost:5001/v1', docsUrl: 'https://github.com/LostRuins/koboldcpp/wiki', kind: 'local', serves: ['chat', 'streaming'] },
  { type: 'gpt4all', displayName: 'GPT4All local API server', label: 'GPT4All', baseUrl: 'http://localhost:4891/v1', docsUrl: 'https://docs.gpt4all.io/gpt4all_api_server/home.html', kind: 'local', serves: ['chat'] },
  { type: 'mlx-lm', displayName: 'MLX LM server (Apple silicon)', label: 'MLX LM', baseUrl: 'http://localhost:8080/v1', docsUrl: 'https://github.com/ml-explore/mlx-lm', kind: 'local', serves: CHAT_TOOLS },
  { type: 'docker-model-runner', displayName: 'Docker Model Runner (from the host)', label: 'Docker Model Runner', baseUrl: 'http://localhost:12434/engines/v1', docsUrl: 'https://docs.docker.com/ai/model-runner/', kind: 'local', serves: ['chat', 'embeddings', 'streaming', 'tools'] },
  { type: 'exo', displayName: 'exo cluster', label: 'exo', baseUrl: 'http://localhost:52415/v1', docsUrl: 'https://github.com/exo-explore/exo', kind: 'local', serves: ['chat', 'streaming'] },
  { type: 'litellm-proxy', displayName: 'LiteLLM proxy', label: 'LiteLLM Proxy', baseUrl: 'http://localhost:4000/v1', docsUrl: 'https://docs.litellm.ai/docs/simple_proxy', kind: 'local', serves: CHAT_ALL_EMBEDDINGS },
  { type: 'nvidia-nim-local', displayName: 'NVIDIA NIM container (self-hosted)', label: 'NVIDIA NIM (self-hosted)', baseUrl: 'http://localhost:8000/v1', docsUrl: 'https://docs.nvidia.com/nim/large-language-models/latest/getting-started.html', kind: 'local', serves: CHAT_ALL },
  { type: 'openllm', displayName: 'BentoML OpenLLM', label: 'OpenLLM', baseUrl: 'http://localhost:3000/v1', docsUrl: 'https://github.com/bentoml/OpenLLM', kind: 'local', serves: ['chat', 'streaming'] },
  { type: 'fastchat', displayName: 'FastChat OpenAI-compatible server', label: 'FastChat', baseUrl: 'http://localhost:8000/v1', docsUrl: 'https://github.com/lm-sys/FastChat/blob/main/docs/openai_api.md', kind: 'local', serves: ['chat', 'embeddings', 'streaming'] },
];
