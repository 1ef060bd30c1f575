import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from 'wouter';
import type { EndpointListing } from '../api/types';
import '../styles/endpoints.css';
import { UseContent } from './use-content';

/**
 * "Use endpoint <name>": the examples to call it and a live Try it. `pageLink` adds a link to
 * the endpoint's own page (configuration, health, usage), for dialogs opened from elsewhere.
 */
export function UseDialog({ endpoint, onClose, pageLink }: { endpoint: Pick<EndpointListing, 'name' | 'kind'>; onClose: () => void; pageLink?: boolean }) {
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
          {pageLink && (
            <p className="dialog-page-link">
              <Link href={`/endpoints/${encodeURIComponent(endpoint.name)}`}>Open endpoint page</Link> <span className="muted">configuration, health and usage of {endpoint.name}</span>
            </p>
          )}
          <UseContent endpoint={endpoint} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
