import { EmbeddedStateStore } from '../../core/src/state/embedded-state-store';
import { describeStateStoreContract } from './state-store.contract';

describeStateStoreContract('embedded', async () => {
  // The store's clock (as GatewayOptions.now gives it in a gateway): TTLs and windows run on it, so time passes at once.
  let now = 1_800_000_000_000;
  const store = new EmbeddedStateStore(() => now);
  return {
    store,
    cleanup: () => store.close(),
    pass: async (ms) => {
      now += ms;
    },
  };
});
