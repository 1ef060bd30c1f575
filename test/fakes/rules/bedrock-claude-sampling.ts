import { samplingRuleBroken } from './anthropic-sampling';

/**
 * Claude on Bedrock keeps Claude's sampling rules (rules/anthropic-sampling.ts, with their
 * Anthropic documentation links): Converse hands `inferenceConfig.temperature` / `topP` to the
 * model as `temperature` / `top_p` (https://docs.aws.amazon.com/bedrock/latest/userguide/conversation-inference-call.html)
 * and `additionalModelRequestFields.top_k` as it is
 * (https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-anthropic-claude-messages-request-response.html),
 * and Bedrock answers the model's refusal as a ValidationException.
 */
export function claudeSamplingBroken(modelId: string, body: any): string | undefined {
  const inference = body?.inferenceConfig ?? {};
  return samplingRuleBroken({ model: modelId, temperature: inference.temperature, top_p: inference.topP, top_k: body?.additionalModelRequestFields?.top_k });
}
