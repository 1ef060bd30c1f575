import { useEffect, useState } from 'react';

/** Copies `text`; the Clipboard API needs a secure context (https or loopback), so a hidden textarea covers the rest. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'visually-hidden';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

export function CopyButton({ text, label = 'Copy', describedBy }: { text: string; label?: string; describedBy?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      className="btn btn-small copy-button"
      aria-describedby={describedBy}
      onClick={() => copyText(text).then(() => setState('copied'), () => setState('failed'))}
    >
      {label}
      <span className="copy-status" role="status">
        {state === 'copied' ? ' ✓ Copied' : state === 'failed' ? ' — select and copy by hand' : ''}
      </span>
    </button>
  );
}
