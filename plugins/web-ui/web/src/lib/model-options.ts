import type { CatalogModel } from '../api/types';
import { matchesQuery } from './providers';

/**
 * What the Model combobox lists and in which order. Pure, so the order that decides what
 * Enter picks is unit-tested: an exact name typed is the first option, else the explicit
 * custom-model entry is, so Enter never swaps the typed name for a longer one.
 */

/** A catalogue model as the list shows it (GET /api/providers/{type}/models, current first). */
export type ListedModel = CatalogModel;

export type Capability = 'tools' | 'reasoning' | 'caching' | 'vision';

/** An entry of the list: a catalogue model, or the typed name of a model the catalogue lacks. */
export interface ModelOption {
  id: string;
  model?: ListedModel;
}

export interface ModelListInput {
  /** The provider type's catalogue, in the server's display order. */
  models: readonly ListedModel[];
  /** The endpoint's kind: only models of that kind are listed. */
  kind: string;
  /** What the operator typed. */
  query: string;
  /** Capabilities every listed model must have. */
  required?: ReadonlySet<Capability>;
  /** Whether older (legacy) models are listed too. */
  showOlder?: boolean;
}

export interface ModelList {
  /** Every catalogue model of the kind, legacy ones included. */
  ofKind: ListedModel[];
  /** How many of those are older models, behind the toggle. */
  olderCount: number;
  /** What the open list shows before anything is typed (the placeholder counts these). */
  listed: ListedModel[];
  /** The options in order, for what is typed. */
  options: ModelOption[];
  /** The catalogue model named exactly as typed, if there is one. */
  exact?: ListedModel;
}

/** An older model: the server's flag (which covers a source's deprecation too). */
export function isOlder(model: ListedModel): boolean {
  return model.legacy || model.deprecated;
}

/** A model's kind; a catalogue without kinds lists chat models. */
function kindOf(model: ListedModel): string {
  return model.kind ?? 'chat';
}

export function modelList({ models, kind, query, required = new Set(), showOlder = false }: ModelListInput): ModelList {
  const ofKind = models.filter((m) => kindOf(m) === kind);
  const olderCount = ofKind.filter(isOlder).length;
  const listed = ofKind.filter((m) => (showOlder || !isOlder(m)) && [...required].every((c) => m.capabilities[c] === true));
  const typed = query.trim();
  if (!typed) return { ofKind, olderCount, listed, options: listed.map(asOption) };
  // Case-sensitive: provider model names are, and `GPT-4o` typed is not `gpt-4o` chosen.
  const exact = ofKind.find((m) => m.id === typed);
  const matching = listed.filter((m) => m !== exact && matchesQuery(typed, m.id, m.display_name)).map(asOption);
  const first: ModelOption = exact ? asOption(exact) : { id: typed };
  return { ofKind, olderCount, listed, options: [first, ...matching], exact };
}

function asOption(model: ListedModel): ModelOption {
  return { id: model.id, model };
}

/** The search field's placeholder: the count is what the open list shows. */
export function modelPlaceholder(list: Pick<ModelList, 'ofKind' | 'listed'>, kind: string, loading: boolean): string {
  if (loading) return 'Loading models…';
  if (list.ofKind.length === 0) return 'Type the model name…';
  return `Search ${list.listed.length} ${kind} model${list.listed.length === 1 ? '' : 's'}, or type a name…`;
}
