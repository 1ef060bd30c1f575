import { DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import type { CreatedGatewayKey } from '../api/types';
import { setTryItKey } from '../lib/gateway-key';
import { limitsSummary, scopeSummary } from '../lib/key-draft';
import { formatDateTime } from '../lib/format';
import { CopyButton } from './copy-button';

/**
 * The new key, this once: the gateway answered it to the create call and keeps only its
 * hash, so it lives in this component's memory and goes when the dialog closes.
 */
export function CreatedKeyPanel({ created, onDone }: { created: CreatedGatewayKey; onDone: () => void }) {
  const [forTryIt, setForTryIt] = useState(false);
  return (
    <div className="created-key">
      <div className="dialog-header">
        <DialogTitle as="h2">Key {created.name} created</DialogTitle>
      </div>
      <div className="notice notice-warning" role="note">
        <strong>Copy the key now: you will not see it again.</strong> The gateway keeps only its hash; if the key is lost, revoke it and create another.
      </div>
      <div className="field">
        <label htmlFor="created-key-value">Gateway key</label>
        <div className="input-with-button">
          <input id="created-key-value" className="mono" type="text" readOnly value={created.key} onFocus={(e) => e.currentTarget.select()} aria-describedby="created-key-hint" />
          <CopyButton text={created.key} label="Copy key" />
        </div>
        <p className="hint" id="created-key-hint">
          Send it where your SDK sends an API key: <code>Authorization: Bearer</code> (OpenAI SDKs, MLflow, LiteLLM), <code>x-api-key</code> (Anthropic), <code>x-goog-api-key</code> (Gemini), <code>api-key</code> (Azure).
        </p>
      </div>
      <dl className="config-list">
        <dt>Endpoints</dt>
        <dd>{scopeSummary(created)}</dd>
        <dt>Limits</dt>
        <dd>{limitsSummary(created)}</dd>
        <dt>Expires</dt>
        <dd>{created.expires_at ? formatDateTime(created.expires_at) : 'Never'}</dd>
        <dt>Id</dt>
        <dd className="mono">{created.id}</dd>
      </dl>
      <label className="checkbox">
        <input type="checkbox" checked={forTryIt} onChange={(e) => setForTryIt(e.target.checked)} />
        Use this key for Try it in this browser tab
      </label>
      <div className="dialog-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            if (forTryIt) setTryItKey(created.key);
            onDone();
          }}
        >
          Done
        </button>
      </div>
    </div>
  );
}
