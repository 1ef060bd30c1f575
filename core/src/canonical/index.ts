export * from './chat';
export * from './embeddings';
export * from './usage';
export { encodeVector } from './vector-encoding';
export { parseDataUrl, toDataUrl, type InlineData } from './data-url';
export { EFFORT_BUDGET_FLOORS, effortForBudget, effortOf } from './reasoning-effort';
