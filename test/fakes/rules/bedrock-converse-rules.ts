/**
 * The shape rules Bedrock's Converse / ConverseStream enforce (a ValidationException when
 * broken), each beside the API reference page that states it. The fake checks them so a
 * translation that leaks a field or misplaces a block fails its tests as Bedrock would fail it.
 */

const REFERENCE = 'https://docs.aws.amazon.com/bedrock/latest/APIReference';

/** Top-level members of the Converse request (API_runtime_Converse.html#API_runtime_Converse_RequestSyntax); Converse refuses any other. */
const REQUEST_FIELDS = new Set([
  'messages', 'system', 'inferenceConfig', 'toolConfig', 'guardrailConfig', 'additionalModelRequestFields',
  'additionalModelResponseFieldPaths', 'promptVariables', 'requestMetadata', 'performanceConfig', 'serviceTier', 'outputConfig',
]);
/** InferenceConfiguration (API_runtime_InferenceConfiguration.html). */
const INFERENCE_FIELDS = new Set(['maxTokens', 'temperature', 'topP', 'stopSequences']);
/** ContentBlock is a union: exactly one of these members (API_runtime_ContentBlock.html). */
const CONTENT_MEMBERS = new Set(['text', 'image', 'document', 'video', 'audio', 'toolUse', 'toolResult', 'guardContent', 'cachePoint', 'reasoningContent', 'citationsContent', 'searchResult']);
/** SystemContentBlock union (API_runtime_SystemContentBlock.html). */
const SYSTEM_MEMBERS = new Set(['text', 'guardContent', 'cachePoint']);
/** Tool union (API_runtime_Tool.html). */
const TOOL_MEMBERS = new Set(['toolSpec', 'cachePoint', 'systemTool']);
/** ReasoningContentBlock union (API_runtime_ReasoningContentBlock.html). */
const REASONING_MEMBERS = new Set(['reasoningText', 'redactedContent']);
/** Claude takes at most four cache checkpoints per request (https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html). */
export const MAX_CACHE_POINTS = 4;

/** The first Converse shape rule the body breaks, or undefined. */
export function converseShapeBroken(body: any): string | undefined {
  if (typeof body !== 'object' || body === null) return 'The request body is not a JSON object.';
  const unknown = Object.keys(body).find((key) => !REQUEST_FIELDS.has(key));
  if (unknown) return `Unknown field "${unknown}" (${REFERENCE}/API_runtime_Converse.html)`;
  const inference = Object.keys(body.inferenceConfig ?? {}).find((key) => !INFERENCE_FIELDS.has(key));
  if (inference) return `Unknown field "inferenceConfig.${inference}" (${REFERENCE}/API_runtime_InferenceConfiguration.html)`;
  if (!Array.isArray(body.messages)) return 'messages: required list';
  for (const [i, message] of body.messages.entries()) {
    for (const [j, block] of (message?.content ?? []).entries()) {
      const problem = unionProblem(block, CONTENT_MEMBERS) ?? reasoningProblem(block);
      if (problem) return `messages.${i}.content.${j}: ${problem} (${REFERENCE}/API_runtime_ContentBlock.html)`;
    }
  }
  for (const [i, block] of (body.system ?? []).entries()) {
    const problem = unionProblem(block, SYSTEM_MEMBERS);
    if (problem) return `system.${i}: ${problem} (${REFERENCE}/API_runtime_SystemContentBlock.html)`;
  }
  for (const [i, tool] of (body.toolConfig?.tools ?? []).entries()) {
    const problem = unionProblem(tool, TOOL_MEMBERS);
    if (problem) return `toolConfig.tools.${i}: ${problem} (${REFERENCE}/API_runtime_Tool.html)`;
  }
  const points = countCachePoints(body);
  if (points > MAX_CACHE_POINTS) return `The request has ${points} cache points; the maximum is ${MAX_CACHE_POINTS} (https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html)`;
  return undefined;
}

/** Cache points anywhere they may stand: system, message content and tools. */
export function countCachePoints(body: any): number {
  const blocks = [...(body?.system ?? []), ...(body?.toolConfig?.tools ?? []), ...(body?.messages ?? []).flatMap((m: any) => m?.content ?? [])];
  return blocks.filter((block: any) => block?.cachePoint !== undefined).length;
}

/** CachePointBlock's optional ttl (API_runtime_CachePointBlock.html; botocore's CacheTTL enum). */
const CACHE_TTLS = new Set(['5m', '1h']);

/** A union member set twice or not at all, an unknown member, or a cachePoint not shaped `{type: "default"[, ttl: "5m" | "1h"]}` (API_runtime_CachePointBlock.html). */
function unionProblem(block: any, members: ReadonlySet<string>): string | undefined {
  if (typeof block !== 'object' || block === null) return 'not an object';
  const keys = Object.keys(block);
  const unknown = keys.find((key) => !members.has(key));
  if (unknown) return `unknown member "${unknown}"`;
  if (keys.length !== 1) return `a union takes exactly one member, got ${keys.length}`;
  if ('cachePoint' in block) {
    const point = block.cachePoint;
    const shaped = typeof point === 'object' && point !== null && point.type === 'default';
    if (!shaped || Object.keys(point).some((key) => key !== 'type' && key !== 'ttl') || (point.ttl !== undefined && !CACHE_TTLS.has(point.ttl))) {
      return `cachePoint must be {"type": "default"} with an optional ttl of "5m" or "1h" (${REFERENCE}/API_runtime_CachePointBlock.html)`;
    }
  }
  return undefined;
}

function reasoningProblem(block: any): string | undefined {
  if (!('reasoningContent' in block)) return undefined;
  const problem = unionProblem(block.reasoningContent, REASONING_MEMBERS);
  if (problem) return `reasoningContent: ${problem} (${REFERENCE}/API_runtime_ReasoningContentBlock.html)`;
  const text = block.reasoningContent.reasoningText;
  if (text && (typeof text.text !== 'string' || Object.keys(text).some((key) => key !== 'text' && key !== 'signature'))) {
    return `reasoningText takes text and signature only (${REFERENCE}/API_runtime_ReasoningTextBlock.html)`;
  }
  return undefined;
}
