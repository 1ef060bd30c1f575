/**
 * The fields of the Gemini request messages (generativelanguage v1beta, with the Vertex AI
 * additions), by their JSON (lowerCamelCase) names, and what each field holds: another
 * message (whose field names are the API's too), a map of messages, or a value whose keys
 * are the client's own (function arguments, JSON Schemas, built-in tool settings), which
 * no name mapping may touch.
 */

/** A field whose keys are not proto field names: scalars, free-form JSON, settings passed whole. */
export const OPAQUE = 'opaque';

/** `map<string, M>`: the keys are the client's names, each value an `M`. */
export interface MapOf {
  mapOf: ProtoMessage;
}

export type FieldKind = typeof OPAQUE | ProtoMessage | MapOf;

export interface ProtoMessage {
  /** Proto message name, for error messages and tests. */
  name: string;
  /** JSON name -> what the field holds; a repeated field holds the same kind per element. */
  fields: Record<string, FieldKind>;
  /** proto field name -> JSON name, for the fields whose two spellings differ. */
  snakeNames: ReadonlyMap<string, string>;
}

/** A message whose fields are filled in after creation, so recursive messages (Schema) can refer to themselves. */
function message(name: string): ProtoMessage {
  return { name, fields: {}, snakeNames: new Map() };
}

/** Sets the message's fields, and the proto spelling of each (the JSON name is its lowerCamelCase). */
function define(target: ProtoMessage, fields: Record<string, FieldKind>): void {
  const snakeNames = new Map<string, string>();
  for (const [json, kind] of Object.entries(fields)) {
    target.fields[json] = kind;
    const snake = json.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (snake !== json) snakeNames.set(snake, json);
  }
  (target as { snakeNames: ReadonlyMap<string, string> }).snakeNames = snakeNames;
}

/** Most fields are opaque; a short name keeps the tables readable. */
const o = OPAQUE;

export const Schema = message('Schema');
define(Schema, {
  type: o, format: o, title: o, description: o, nullable: o, enum: o, maxItems: o, minItems: o,
  properties: { mapOf: Schema }, required: o, minProperties: o, maxProperties: o, minLength: o, maxLength: o,
  pattern: o, example: o, anyOf: Schema, propertyOrdering: o, default: o, items: Schema, minimum: o, maximum: o,
});

const Blob = message('Blob');
define(Blob, { mimeType: o, data: o, displayName: o });
const FileData = message('FileData');
define(FileData, { mimeType: o, fileUri: o, displayName: o });
const FunctionCall = message('FunctionCall');
define(FunctionCall, { id: o, name: o, args: o, partialArgs: o, willContinue: o });
const FunctionResponsePart = message('FunctionResponsePart');
define(FunctionResponsePart, { inlineData: Blob, fileData: FileData });
const FunctionResponse = message('FunctionResponse');
define(FunctionResponse, { id: o, name: o, response: o, parts: FunctionResponsePart, willContinue: o, scheduling: o });
const ExecutableCode = message('ExecutableCode');
define(ExecutableCode, { id: o, language: o, code: o });
const CodeExecutionResult = message('CodeExecutionResult');
define(CodeExecutionResult, { id: o, outcome: o, output: o });
const VideoMetadata = message('VideoMetadata');
define(VideoMetadata, { startOffset: o, endOffset: o, fps: o });

const Part = message('Part');
define(Part, {
  text: o, inlineData: Blob, fileData: FileData, functionCall: FunctionCall, functionResponse: FunctionResponse,
  executableCode: ExecutableCode, codeExecutionResult: CodeExecutionResult, thought: o, thoughtSignature: o,
  videoMetadata: VideoMetadata, partMetadata: o, mediaResolution: o,
});

export const Content = message('Content');
define(Content, { role: o, parts: Part });

const FunctionDeclaration = message('FunctionDeclaration');
define(FunctionDeclaration, {
  name: o, description: o, behavior: o,
  parameters: Schema, parametersJsonSchema: o, response: Schema, responseJsonSchema: o,
});

/** Built-in tools carry their own settings, which the gateway relays to Gemini or refuses whole. */
const Tool = message('Tool');
define(Tool, {
  functionDeclarations: FunctionDeclaration, googleSearchRetrieval: o, codeExecution: o, googleSearch: o,
  computerUse: o, urlContext: o, fileSearch: o, googleMaps: o, enterpriseWebSearch: o, retrieval: o, mcpServers: o,
});

const FunctionCallingConfig = message('FunctionCallingConfig');
define(FunctionCallingConfig, { mode: o, allowedFunctionNames: o });
const ToolConfig = message('ToolConfig');
define(ToolConfig, { functionCallingConfig: FunctionCallingConfig, retrievalConfig: o });

const ThinkingConfig = message('ThinkingConfig');
define(ThinkingConfig, { includeThoughts: o, thinkingBudget: o, thinkingLevel: o });

export const GenerationConfig = message('GenerationConfig');
define(GenerationConfig, {
  stopSequences: o, responseMimeType: o, responseSchema: Schema, responseJsonSchema: o, responseModalities: o,
  candidateCount: o, maxOutputTokens: o, temperature: o, topP: o, topK: o, seed: o, presencePenalty: o,
  frequencyPenalty: o, responseLogprobs: o, logprobs: o, enableEnhancedCivicAnswers: o, speechConfig: o,
  thinkingConfig: ThinkingConfig, imageConfig: o, mediaResolution: o, audioTimestamp: o, enableAffectiveDialog: o,
});

const SafetySetting = message('SafetySetting');
define(SafetySetting, { category: o, threshold: o, method: o });

export const GenerateContentRequest = message('GenerateContentRequest');
define(GenerateContentRequest, {
  model: o, contents: Content, tools: Tool, toolConfig: ToolConfig, safetySettings: SafetySetting,
  systemInstruction: Content, generationConfig: GenerationConfig, cachedContent: o, labels: o,
});

export const EmbedContentRequest = message('EmbedContentRequest');
define(EmbedContentRequest, { model: o, content: Content, taskType: o, title: o, outputDimensionality: o });

export const BatchEmbedContentsRequest = message('BatchEmbedContentsRequest');
define(BatchEmbedContentsRequest, { requests: EmbedContentRequest });

/** countTokens: the prompt as `contents`, or the whole generateContent request it would be (https://ai.google.dev/api/tokens). */
export const CountTokensRequest = message('CountTokensRequest');
define(CountTokensRequest, { model: o, contents: Content, generateContentRequest: GenerateContentRequest });
