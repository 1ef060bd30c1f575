import { useModels } from '../api/queries';
import type { EndpointKind, ProviderType } from '../api/types';
import { emptyCatalogueMessage, modelLabel } from '../lib/providers';
import { describe, Field } from './field';
import { ModelCombobox } from './model-combobox';

/**
 * The form's Model section. Where the provider's endpoints name an operator-made deployment
 * (Azure), the deployment name is typed and the model it serves is picked from the type's
 * catalogue apart (`catalog_model`): its badges, context window and prices are the endpoint's.
 */
export function ModelSection({
  provider,
  kind,
  model,
  catalogModel,
  onModel,
  onCatalogModel,
  error,
}: {
  provider: ProviderType | undefined;
  kind: EndpointKind;
  model: string;
  catalogModel: string;
  onModel: (model: string) => void;
  onCatalogModel: (model: string) => void;
  error?: string;
}) {
  const models = useModels(provider?.type);
  const catalogue = models.data ?? [];
  const label = modelLabel(provider);
  const emptyMessage = emptyCatalogueMessage(provider, kind, catalogue.length === 0);
  return (
    <section className="card form-section" aria-labelledby="section-model">
      <h2 id="section-model">Model</h2>
      {provider?.model_is_deployment ? (
        <>
          <Field id="deployment-name" label={label.label} hint={label.hint} error={error}>
            <input id="deployment-name" className="mono" value={model} autoComplete="off" spellCheck={false} onChange={(e) => onModel(e.target.value)} {...describe('deployment-name', label.hint, error)} />
          </Field>
          <ModelCombobox
            label="Model it serves"
            optional
            hint="The catalogue model the deployment runs: the endpoint shows its facts, and its calls are priced as it."
            models={catalogue}
            loading={models.isFetching}
            kind={kind}
            value={catalogModel}
            onChange={onCatalogModel}
            emptyMessage={emptyCatalogueMessage({ ...provider, model_hint: null }, kind, catalogue.length === 0)}
          />
        </>
      ) : (
        <ModelCombobox label={label.label} hint={label.hint} models={catalogue} loading={models.isFetching} kind={kind} value={model} onChange={onModel} error={error} emptyMessage={emptyMessage} />
      )}
    </section>
  );
}
