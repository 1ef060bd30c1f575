import type { GatewayPlugin } from '@model-gateway/core';
import { nativeApi } from './native-api';

export { nativeApi };

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'api-native',
  kind: 'api-style',
  register: (api) => api.registerApiStyle(nativeApi),
};

export default plugin;
