import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useMemo } from 'react';
import type { EndpointRecord } from '../api/types';
import { gatewayAddress } from '../lib/gateway-address';
import { usageExamples } from '../lib/snippets';
import { TryIt } from './try-it';
import { UsageExamples } from './usage-examples';

/** Examples and Try it, as tabs: in the Use dialog and on the endpoint's page. */
export function UseContent({ endpoint }: { endpoint: Pick<EndpointRecord, 'name' | 'kind'> }) {
  const examples = useMemo(() => usageExamples(endpoint, gatewayAddress()), [endpoint]);
  return (
    <TabGroup>
      <TabList className="tabs">
        <Tab className="tab">Examples</Tab>
        <Tab className="tab">Try it</Tab>
      </TabList>
      <TabPanels>
        <TabPanel className="tab-panel">
          <UsageExamples examples={examples} />
        </TabPanel>
        <TabPanel className="tab-panel" unmount={false}>
          <TryIt examples={examples} />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
