import type { GatewayPlugin } from '@model-gateway/core';
import { mlflowApi } from './mlflow-api';

export { mlflowApi };
export { aliasRoutes } from './alias-routes';
export { deploymentsEndpoint, type DeploymentsEndpoint } from './deployments-endpoint';

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'api-mlflow',
  kind: 'api-style',
  register: (api) => api.registerApiStyle(mlflowApi(api.container)),
};

export default plugin;
