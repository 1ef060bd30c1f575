import { renderGatewayError, TOKENS, type ApiStyleDefinition, type GatewayRuntime, type PluginApi, type RouteDefinition } from '@model-gateway/core';
import { type ConnectionRegistry } from '@model-gateway/core/internal';
import { nativeApi } from '@model-gateway/api-native';
import { openAiChatApi } from '@model-gateway/api-openai-chat';
import { aliasRoutes } from './alias-routes';
import { deploymentsRoutes } from './deployments-routes';

export const API_STYLE = 'mlflow';

/**
 * MLflow's clients, unchanged: judges and the OpenAI SDK on `/gateway/mlflow/v1/...`,
 * `/gateway/{endpoint}/mlflow/invocations`, and the deployments client's routes. The unified
 * routes are the native styles' own handlers under the `mlflow` segment (usage records keep
 * those styles' names), and errors are rendered as theirs are.
 */
export function mlflowApi(container: PluginApi['container']): ApiStyleDefinition {
  return {
    name: API_STYLE,
    renderError: renderGatewayError,
    routes: (runtime: GatewayRuntime): RouteDefinition[] => {
      const native = nativeApi.routes(runtime);
      const invocations = native.find((route) => route.method === 'post' && route.path.endsWith('/invocations'));
      if (!invocations) throw new Error('the native API style has no invocations route to serve MLflow predict calls with');
      const connections = container.resolve<ConnectionRegistry>(TOKENS.ConnectionRegistry);
      const providerType = (connection: string) => connections.get(connection)?.definition.type ?? connection;
      return [
        ...aliasRoutes(native, 'native', API_STYLE),
        ...aliasRoutes(openAiChatApi.routes(runtime), 'native', API_STYLE),
        ...deploymentsRoutes(runtime, API_STYLE, invocations, providerType),
      ];
    },
  };
}
