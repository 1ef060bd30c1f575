import type { ConnectionSettings } from '@model-gateway/core';
import type { OpenAiOptions } from './openai-facts';
import type { OpenAiUrlLayout } from './openai-url-layout';

/** OpenAI's own layout: `{base_url}/{operation}`, the model in the body, organization and project as headers. */
export function openAiLayout(settings: ConnectionSettings<OpenAiOptions>): OpenAiUrlLayout {
  const { organization, project } = settings.options;
  return {
    url: (operation) => `${settings.baseUrl}/${operation}`,
    headers: {
      ...(organization ? { 'openai-organization': organization } : {}),
      ...(project ? { 'openai-project': project } : {}),
    },
  };
}
