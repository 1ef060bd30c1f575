/**
 * Fields Codex 0.169.0 writes into its Responses bodies that the pinned openai SDK's request
 * type does not declare (`client_metadata`, an `id` on input messages). OpenAI takes them
 * (Codex's own provider is OpenAI); relayed, they reach the OpenAI fake as Codex wrote them,
 * so the request oracle lets exactly these through for that fake and checks everything else.
 */
export const CODEX_CLIENT_FIELDS: readonly RegExp[] = [
  /^client_metadata: unknown key/,
  /^input\[\d+\]\.id: unknown key \(the SDK type EasyInputMessageParam has no such field\)$/,
];
