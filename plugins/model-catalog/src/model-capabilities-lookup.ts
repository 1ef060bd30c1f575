import type { DependencyContainer } from 'tsyringe';
import type { ModelCatalog } from './model-catalog';
import { MODEL_CATALOG } from './model-catalog-token';
import type { ModelCapabilities } from './model-entry';

/** A model's capability flags by provider type and model name; undefined when the catalogue has no entry. */
export type CapabilitiesOf = (providerType: string, model: string) => ModelCapabilities | undefined;

/**
 * The catalogue's capability flags for plugins that adapt a call to its target (a translated
 * call sends reasoning only to a model that has it). The catalogue is resolved from the
 * container on first use, because plugins register before the config (which it reads) is
 * in the container; each lookup after that is the catalogue's memoized Map read.
 * Without a catalogue in the container every model is unknown.
 */
export function capabilitiesLookup(container: DependencyContainer): CapabilitiesOf {
  let catalog: ModelCatalog | null | undefined;
  return (providerType, model) => {
    if (catalog === undefined) catalog = container.isRegistered(MODEL_CATALOG, true) ? container.resolve(MODEL_CATALOG) : null;
    return catalog?.lookup(providerType, model)?.capabilities;
  };
}
