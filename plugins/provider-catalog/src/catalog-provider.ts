import { z } from 'zod';
import type { ProviderDefinition } from '@model-gateway/core';
import { OpenAiCompatibleConnection, operationsLayout } from '@model-gateway/provider-openai';
import type { CatalogRow } from './catalog-row';

type AccountOptions = Record<string, never>;

/** The OpenAI operations a row serves, by its features. */
export function rowOperations(row: CatalogRow): string[] {
  return [
    ...(row.serves.includes('chat') ? ['chat/completions'] : []),
    ...(row.serves.includes('embeddings') ? ['embeddings'] : []),
    ...(row.serves.includes('responses') ? ['responses'] : []),
  ];
}

/**
 * A row whose URL holds an account or deployment id has no usable default: its
 * connections must set base_url (an implicit connection is a config error, as for Azure).
 */
function accountOptionsSchema(row: CatalogRow) {
  return z.object({
    base_url: z
      .url({ protocol: /^https?$/ })
      .describe(`Your ${row.displayName.split(':')[0]} API base URL, of the form ${row.baseUrl}. No default: \`provider: ${row.type}\` without a providers: entry is a config error.`),
  });
}

/** One provider type from one catalogue row, built on the shared OpenAI-compatible connection. */
export function catalogProvider(row: CatalogRow): ProviderDefinition<AccountOptions> {
  const operations = rowOperations(row);
  return {
    type: row.type,
    displayName: row.displayName,
    label: row.label,
    menuRank: row.menuRank,
    docsUrl: row.docsUrl,
    defaultBaseUrl: row.baseUrl,
    apiKeyEnv: row.keyEnv,
    requiresApiKey: row.kind !== 'local',
    auth: row.keyHeader ? { kind: 'header', header: row.keyHeader } : { kind: 'bearer' },
    capabilities: {
      chat: row.serves.includes('chat'),
      embeddings: row.serves.includes('embeddings'),
      streaming: row.serves.includes('streaming'),
      tools: row.serves.includes('tools'),
      vision: row.serves.includes('vision'),
      jsonSchema: row.serves.includes('jsonSchema'),
      passthrough: ['openai'],
    },
    optionsSchema: row.kind === 'account' ? accountOptionsSchema(row) : undefined,
    createConnection: (settings) => new OpenAiCompatibleConnection(settings, operationsLayout(settings.baseUrl, operations), row.dialect),
  };
}
