import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { EndpointListing } from '../api/types';
import { UseContent } from './use-content';

/** "Use endpoint <name>": the examples to call it and a live Try it. */
export function UseDialog({ endpoint, onClose }: { endpoint: Pick<EndpointListing, 'name' | 'kind'>; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} className="dialog-root">
      <div className="dialog-backdrop" aria-hidden="true" />
      <div className="dialog-frame">
        <DialogPanel className="dialog dialog-wide">
          <div className="dialog-header">
            <DialogTitle as="h2">Use endpoint {endpoint.name}</DialogTitle>
            <button type="button" className="btn btn-ghost btn-icon" aria-label="Close" onClick={onClose}>
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <UseContent endpoint={endpoint} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
