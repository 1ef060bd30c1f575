import { useId, useState } from 'react';
import { Link } from 'wouter';
import { GATEWAY_KEY_PLACEHOLDER, LANGUAGES, type Language, type UsageExample } from '../lib/snippets';
import { CodeBlock } from './code-block';

const REQUIREMENTS: Record<Language, string> = {
  curl: 'Any shell with curl.',
  python: 'Python 3.11+; each example names the package it imports.',
  javascript: 'Node.js 20+, as an ES module (save as example.mjs); each example names the package it imports.',
};

/** The endpoint's examples in two groups, in the language chosen by the switch. */
export function UsageExamples({ examples, requireKeys }: { examples: readonly UsageExample[]; requireKeys?: boolean }) {
  const [language, setLanguage] = useState<Language>('curl');
  const name = useId();
  return (
    <div className="usage-examples">
      <fieldset className="segmented">
        <legend className="visually-hidden">Language</legend>
        {LANGUAGES.map((option) => (
          <label key={option.id} className={`segment${language === option.id ? ' selected' : ''}`}>
            <input type="radio" name={name} value={option.id} checked={language === option.id} onChange={() => setLanguage(option.id)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      <p className="hint">{REQUIREMENTS[language]}</p>
      {requireKeys && (
        <div className="notice notice-info" role="note">
          This gateway requires a gateway key. Replace <code>{GATEWAY_KEY_PLACEHOLDER}</code> with one (create it on the <Link href="/keys">Keys</Link> page): each example puts it where its SDK puts an API key.
        </div>
      )}
      <ExampleGroup title="Unified APIs" intro="The gateway's own routes; every endpoint answers on them whatever its provider." examples={examples.filter((e) => e.group === 'unified')} language={language} />
      <ExampleGroup title="Passthrough APIs" intro="The providers' own formats: each provider's SDK works by changing only its base URL." examples={examples.filter((e) => e.group === 'passthrough')} language={language} />
    </div>
  );
}

function ExampleGroup({ title, intro, examples, language }: { title: string; intro: string; examples: readonly UsageExample[]; language: Language }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="example-group">
      <h3 id={id}>{title}</h3>
      <p className="muted">{intro}</p>
      {examples.map((example) => (
        <Example key={example.id} example={example} language={language} />
      ))}
    </section>
  );
}

function Example({ example, language }: { example: UsageExample; language: Language }) {
  const id = useId();
  const label = LANGUAGES.find((l) => l.id === language)?.label ?? language;
  return (
    <article aria-labelledby={id} className="example">
      <div className="example-head">
        <h4 id={id}>{example.title}</h4>
        <code className="route">POST {example.path}</code>
      </div>
      <p className="example-description">
        <InlineCode text={example.description} />
      </p>
      {language !== 'curl' && (
        <p className="hint example-install">
          {example.install[language] ? (
            <>
              Install: <code>{example.install[language]}</code>
            </>
          ) : (
            'Nothing to install: fetch is built into Node.js.'
          )}
        </p>
      )}
      <CodeBlock code={example.code[language]} title={`${example.title} (${label})`} />
    </article>
  );
}

/** Text with `backticked` parts shown as code. */
export function InlineCode({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}
    </>
  );
}
