import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useMemo } from 'react';
import { useKeysRequired } from '../api/queries';
import type { EndpointListing } from '../api/types';
import { gatewayAddress } from '../lib/gateway-address';
import { usageExamples } from '../lib/snippets';
import { TryIt } from './try-it';
import { UsageExamples } from './usage-examples';

/** Examples and Try it, as tabs: in the Use dialog and on the endpoint's page; with keys required, both say where the key goes. */
export function UseContent({ endpoint }: { endpoint: Pick<EndpointListing, 'name' | 'kind'> }) {
  const requireKeys = useKeysRequired().data === true;
  const examples = useMemo(() => usageExamples(endpoint, gatewayAddress(), { requireKeys }), [endpoint, requireKeys]);
  return (
    <TabGroup>
      <TabList className="tabs">
        <Tab className="tab">Examples</Tab>
        <Tab className="tab">Try it</Tab>
      </TabList>
      <TabPanels>
        <TabPanel className="tab-panel">
          <UsageExamples examples={examples} requireKeys={requireKeys} />
        </TabPanel>
        <TabPanel className="tab-panel" unmount={false}>
          <TryIt examples={examples} requireKeys={requireKeys} />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
