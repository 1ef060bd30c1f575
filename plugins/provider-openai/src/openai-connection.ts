import type { ConnectionSettings } from '@model-gateway/core';
import { OpenAiCompatibleConnection } from './openai-compatible-connection';
import type { OpenAiDialect } from './openai-dialect';
import { OPENAI_DEFAULT_BASE_URL, type OpenAiOptions } from './openai-facts';
import { openAiLayout } from './openai-layout';

/**
 * Type `openai` serves OpenAI and any server that copies its API (vLLM, llama.cpp,
 * LM Studio, ...). It follows OpenAI's contract, which refuses `top_k`, so top-k is
 * dropped and named (servers that take it have types of their own); their reasoning
 * arrives as `reasoning` or `reasoning_content`, and OpenAI sends neither.
 */
export const OPENAI_DIALECT: OpenAiDialect = {
  label: 'OpenAI',
  reasoningFields: ['reasoning'],
  // The client speaks OpenAI already: a relayed body goes as written, at no cost per call.
  encodedOnly: true,
};

/**
 * OpenAI's own API refuses `max_tokens` on its reasoning models and takes
 * `max_completion_tokens` on every chat model, so calls to it always use the latter:
 * a request translated from another format (Anthropic's `max_tokens`) must still
 * reach o-series and GPT-5 models. Servers that copy the API keep `max_tokens`,
 * which is what most of them know.
 */
const OPENAI_API_DIALECT: OpenAiDialect = { ...OPENAI_DIALECT, renameFields: { max_tokens: 'max_completion_tokens' } };

/** A connection of type `openai`: OpenAI itself, or any server that copies its URLs. */
export class OpenAiConnection extends OpenAiCompatibleConnection {
  constructor(settings: ConnectionSettings<OpenAiOptions>) {
    super(settings, openAiLayout(settings), settings.baseUrl === OPENAI_DEFAULT_BASE_URL.replace(/\/$/, '') ? OPENAI_API_DIALECT : OPENAI_DIALECT);
  }
}
