export { finiteNumber, isWireObject, numberOr, setDefined, stringOr, type WireObject } from './wire-value';
export { optionalArray, requireArray, requireObject } from './upstream-fields';
export { toolArgumentsObject } from './tool-arguments';
export { withoutFields, type DroppableField } from './drop-fields';
export { isReasoningEnvelope, openReasoning, sealReasoning, type ReasoningEnvelope } from './reasoning-envelope';
export { jsonBody, jsonBodyBuffer, LONG_JSON_STRING } from './json-body';
