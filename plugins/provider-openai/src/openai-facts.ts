import { z } from 'zod';

/** What OpenAI's API looks like, as data. Any OpenAI-compatible server shares it. */
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const OPENAI_API_KEY_ENV = 'OPENAI_API_KEY';
export const OPENAI_DOCS_URL = 'https://platform.openai.com/docs/api-reference';

export const openAiOptionsSchema = z.object({
  organization: z.string().optional().describe('Sent as the OpenAI-Organization header.'),
  project: z.string().optional().describe('Sent as the OpenAI-Project header.'),
});

export type OpenAiOptions = z.output<typeof openAiOptionsSchema>;
