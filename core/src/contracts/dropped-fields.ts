/** Names the client's fields a call left out because its target cannot honour them, so the client can tell its request was changed. */
export const DROPPED_FIELDS_HEADER = 'x-gateway-dropped-fields';

/**
 * How an API style's clients spell canonical request fields (`topK` -> `generationConfig.topK`),
 * so fields a provider or the pipeline dropped by their canonical names are named the way the client sent them.
 */
export type FieldNames = Readonly<Record<string, string>>;
