import { useId } from 'react';
import { CopyButton } from './copy-button';

/** A snippet with its Copy button; the code is a labelled region so the button says what it copies. */
export function CodeBlock({ code, title }: { code: string; title: string }) {
  const id = useId();
  return (
    <div className="code-block">
      <div className="code-block-bar">
        <span id={id} className="code-block-title">
          {title}
        </span>
        <CopyButton text={code} describedBy={id} />
      </div>
      <pre tabIndex={0} aria-labelledby={id}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
