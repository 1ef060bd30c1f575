import type { ConnectionSettings } from '@model-gateway/core';
import { OpenAiCompatibleConnection } from './openai-compatible-connection';
import type { OpenAiOptions } from './openai-facts';
import { openAiLayout } from './openai-layout';

/** A connection of type `openai`: OpenAI itself, or any server that copies its URLs. */
export class OpenAiConnection extends OpenAiCompatibleConnection {
  constructor(settings: ConnectionSettings<OpenAiOptions>) {
    super(settings, openAiLayout(settings));
  }
}
