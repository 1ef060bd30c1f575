import type { Endpoint } from '@model-gateway/core';

/** What MLflow's deployments client parses into its `Endpoint` model (mlflow/deployments/server/config.py). */
export interface DeploymentsEndpoint {
  name: string;
  endpoint_type: 'llm/v1/chat' | 'llm/v1/embeddings';
  model: { name: string; provider: string };
  endpoint_url: string;
  /** Required by the client's model, and null: rate limits are not configured per endpoint here. */
  limit: null;
}

/**
 * An endpoint as the deployments client expects it: the first split target's model and
 * provider type, and the route that serves it (relative, as MLflow's own server writes it;
 * the client prefixes its base URL).
 */
export function deploymentsEndpoint(endpoint: Endpoint, providerType: string): DeploymentsEndpoint {
  return {
    name: endpoint.name,
    endpoint_type: endpoint.kind === 'chat' ? 'llm/v1/chat' : 'llm/v1/embeddings',
    model: { name: endpoint.model, provider: providerType },
    endpoint_url: `/gateway/${endpoint.name}/mlflow/invocations`,
    limit: null,
  };
}
