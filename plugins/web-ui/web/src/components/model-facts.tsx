import type { CatalogModel } from '../api/types';
import { formatContextWindow, formatPricing } from '../lib/format';

const BADGES = [
  ['tools', 'Tools'],
  ['reasoning', 'Reasoning'],
  ['caching', 'Caching'],
  ['vision', 'Vision'],
] as const;

export type Capability = (typeof BADGES)[number][0];
export const CAPABILITIES = BADGES;

/** The capability badges the catalogue grants a model (unknown is not shown as a badge). */
export function CapabilityBadges({ model }: { model: CatalogModel }) {
  const granted = BADGES.filter(([key]) => model.capabilities[key] === true);
  if (granted.length === 0) return null;
  return (
    <span className="badges">
      {granted.map(([key, label]) => (
        <span key={key} className={`badge badge-${key}`}>
          {label}
        </span>
      ))}
    </span>
  );
}

/** Badges, context window and prices of a model, in one line. */
export function ModelFacts({ model }: { model: CatalogModel }) {
  const context = formatContextWindow(model.context_window);
  return (
    <span className="model-facts">
      <CapabilityBadges model={model} />
      {model.same_as && <span className="fact">same as {model.same_as.model}</span>}
      {context && <span className="fact">{context} context</span>}
      <span className="fact">{formatPricing(model.pricing.input, model.pricing.output)}</span>
    </span>
  );
}
