import { z } from 'zod';
import { azureOpenAiProvider } from '@model-gateway/provider-azure-openai';
import { catalogSchemas } from './catalog-schemas';
import { modelListing } from './model-listing';
import { providerListing } from './provider-listing';

const toJsonSchema = (schema: z.ZodObject<z.ZodRawShape>) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
const schemas = catalogSchemas(z);

/** The OpenAPI document (and the web UI's generated types) say what the routes answer: each listing passes its schema whole. */
describe('catalogSchemas', () => {
  it('describes a provider listing field for field (a field the schema lacks would be stripped)', () => {
    const listing = providerListing(azureOpenAiProvider, toJsonSchema);
    expect(schemas.provider.parse(listing)).toEqual(listing);
    expect(() => schemas.provider.parse({ ...listing, label: 7 })).toThrow();
    expect(() => schemas.provider.parse({ ...listing, menu_rank: 'first' })).toThrow();
    expect(listing).toMatchObject({ label: 'Azure OpenAI', menu_rank: 40, model_hint: expect.stringContaining('deployment') });
    expect(listing.credential_fields.find((field) => field.name === 'base_url')).toMatchObject({ label: 'Azure endpoint URL' });
    expect(listing.credential_fields.find((field) => field.name === 'api_key')).not.toHaveProperty('label');
  });

  it('describes a catalogue model listing field for field', () => {
    const listing = modelListing({ providerType: 'openai', id: 'text-embedding-3-small', prices: { inputPerMtok: 0.02 }, capabilities: {}, sources: ['genai-prices'] });
    expect(schemas.modelList.parse({ object: 'list', provider_type: 'openai', data: [listing] }).data[0]).toEqual(listing);
  });
});
