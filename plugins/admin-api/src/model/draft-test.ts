import { z } from 'zod';
import { objectNameSchema } from './object-name';
import { testRequestSchema } from './views';

/**
 * The body of POST /api/connections/test: a connection as it stands in a form, tested
 * before anyone saves it. The connection itself is checked by the create's own rules
 * (parseConnectionInput), so here it is only an object with a type.
 */
export const draftTestRequestSchema = z
  .strictObject({
    connection: z
      .looseObject({
        type: z.string().describe('Its provider type.'),
        name: z.string().optional().describe('Optional: a draft needs no name (it is used only in messages).'),
      })
      .describe('The body POST /api/connections takes (ConnectionBody), `name` optional. Credential values are used for this one call and never kept.'),
    replaces: objectNameSchema
      .optional()
      .describe(
        'The API connection this draft would replace: credential fields left out (or sent back masked) take its stored values, but only when the draft keeps its destination (type, base URL and the other fields that decide where calls go); otherwise they must be given, as on a PUT.',
      ),
    ...testRequestSchema.shape,
  })
  .describe('A connection draft and what to call through it; nothing is stored.')
  .meta({ title: 'DraftTestRequest' });

export type DraftTestRequest = z.output<typeof draftTestRequestSchema>;
