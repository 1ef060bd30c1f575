import { EmbeddedStateStore } from '../../core/src/state/embedded-state-store';
import { describeStateStoreContract } from './state-store.contract';

describeStateStoreContract('embedded', async () => {
  const store = new EmbeddedStateStore();
  return { store, cleanup: () => store.close() };
});
