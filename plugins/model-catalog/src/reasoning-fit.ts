import type { AttemptContext, ChatRequest, PipelinePlugin } from '@model-gateway/core';
import type { CapabilitiesOf } from './model-capabilities-lookup';

/** Re-exported for the API styles that named the header through this package. */
export { DROPPED_FIELDS_HEADER } from '@model-gateway/core';

/**
 * Reasoning controls go only to a model the catalogue flags `reasoning: true`: a model flagged
 * false, or one the catalogue does not know, gets the request without them (a model without
 * reasoning refuses `reasoning_effort` or a thinking budget), and the attempt reports
 * `reasoning` dropped, which every route names in `x-gateway-dropped-fields`. Operators
 * declare an unknown model's flag under `models:`. Undefined keeps the request as it is.
 */
export function fitReasoning(attempt: AttemptContext, request: ChatRequest, capabilitiesOf: CapabilitiesOf): ChatRequest | undefined {
  if (request.reasoning === undefined) return undefined;
  if (capabilitiesOf(attempt.target.definition.type, attempt.target.catalogModel)?.reasoning === true) return undefined;
  const { reasoning: _dropped, ...rest } = request;
  attempt.dropField('reasoning');
  return rest;
}

/** The pipeline step that fits reasoning to each attempt's model, on every chat route (unified, native and translated). */
export function reasoningFitPlugin(capabilitiesOf: CapabilitiesOf): PipelinePlugin {
  return {
    name: 'reasoning-fit',
    // Early among request-side steps; it only reads the catalogue.
    priority: 50,
    fitRequest: (attempt, request) => fitReasoning(attempt, request, capabilitiesOf),
  };
}
