import { join } from 'node:path';
import { TOKENS, type GatewayPlugin } from '@model-gateway/core';
import { loadUiBundle } from './ui-assets';
import { uiRoutes } from './ui-routes';

export { CONTENT_SECURITY_POLICY } from './security-headers';
export { UI_PATH } from './ui-routes';

/** The Vite build, beside the compiled plugin (dist/web); from src/ under jest, the same folder. */
const WEB_ROOT = join(__dirname, '..', 'dist', 'web');

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'web-ui',
  kind: 'operator',
  register: (api) => {
    api.registerRoutes({
      plane: 'operator',
      routes: () => {
        const config = api.container.resolve(TOKENS.Config);
        return uiRoutes({ bundle: loadUiBundle(WEB_ROOT), publicUrl: () => config.current.server.publicUrl || undefined });
      },
    });
  },
};

export default plugin;
