import { useId, useRef, useState } from 'react';
import { formatMs } from '../lib/format';
import { gatewayKeyHeaders, setTryItKey, tryItKey } from '../lib/gateway-key';
import type { UsageExample } from '../lib/snippets';
import { answerText, parseServerTiming, SseTextReader } from '../lib/stream-text';
import '../styles/endpoints.css';
import { InlineCode } from './usage-examples';

interface Outcome {
  status: number;
  statusText: string;
  firstByteMs: number;
  totalMs?: number;
  serverTiming: Array<{ name: string; ms: number }>;
  streamed: boolean;
  text: string;
  body: string;
}

/** Formats that stream when the body says `"stream": true` (Gemini streams by its route instead). */
const STREAM_FLAG = new Set(['native', 'openai-compatible', 'openai-chat', 'openai-responses', 'anthropic-messages']);

/** How each API's SDK sends its key, said under the key field. */
const KEY_HEADER_TEXT: Record<UsageExample['keyHeader'], string> = { authorization: 'Authorization: Bearer', 'x-api-key': 'x-api-key', 'x-goog-api-key': 'x-goog-api-key' };

/**
 * Sends one of the endpoint's example requests from the browser, with the body as
 * edited, and shows the answer as it arrives: streamed text grows event by event.
 * With keys required, a pasted gateway key goes with it, in that API's own key header.
 */
export function TryIt({ examples, requireKeys }: { examples: readonly UsageExample[]; requireKeys?: boolean }) {
  const ids = { style: useId(), body: useId(), stream: useId(), error: useId(), key: useId() };
  const [gatewayKey, setGatewayKey] = useState(tryItKey);
  const [keyError, setKeyError] = useState<string>();
  const [exampleId, setExampleId] = useState(examples[0]?.id ?? '');
  const example = examples.find((e) => e.id === exampleId) ?? examples[0];
  const [bodyText, setBodyText] = useState(() => JSON.stringify(example?.body ?? {}, null, 2));
  const [jsonError, setJsonError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [failure, setFailure] = useState<string>();
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController>(null);

  if (!example) return null;

  const parsed = parseBody(bodyText);
  const streamFlag = STREAM_FLAG.has(example.id) && parsed.ok && parsed.value.stream === true;

  function choose(id: string) {
    const next = examples.find((e) => e.id === id);
    if (!next) return;
    setExampleId(id);
    setBodyText(JSON.stringify(next.body, null, 2));
    setJsonError(undefined);
  }

  function toggleStream(on: boolean) {
    if (!parsed.ok) return;
    const body = { ...parsed.value };
    if (on) body.stream = true;
    else delete body.stream;
    setBodyText(JSON.stringify(body, null, 2));
  }

  function changeKey(value: string) {
    setGatewayKey(value);
    setTryItKey(value.trim());
    setKeyError(undefined);
  }

  async function send() {
    const body = parseBody(bodyText);
    const missingKey = requireKeys && !gatewayKey.trim();
    setKeyError(missingKey ? 'Paste a gateway key: this gateway refuses calls without one.' : undefined);
    setJsonError(body.ok ? undefined : body.error);
    if (!body.ok || missingKey) return;
    setFailure(undefined);
    setRunning(true);
    const controller = new AbortController();
    abort.current = controller;
    const started = performance.now();
    try {
      const headers = requireKeys ? { ...example.headers, ...gatewayKeyHeaders(example, gatewayKey) } : example.headers;
      const response = await fetch(example.path, { method: 'POST', headers, body: JSON.stringify(body.value), signal: controller.signal, cache: 'no-store', credentials: 'omit' });
      const streamed = (response.headers.get('content-type') ?? '').includes('text/event-stream');
      const current: Outcome = {
        status: response.status,
        statusText: response.statusText,
        firstByteMs: performance.now() - started,
        serverTiming: parseServerTiming(response.headers.get('server-timing')),
        streamed,
        text: '',
        body: '',
      };
      setOutcome({ ...current });
      const reader = new SseTextReader((text) => {
        current.text += text;
        setOutcome({ ...current });
      });
      const decoder = new TextDecoder();
      if (response.body) {
        for await (const chunk of streamChunks(response.body)) {
          const text = decoder.decode(chunk, { stream: true });
          current.body += text;
          if (streamed) reader.push(text);
          setOutcome({ ...current });
        }
      }
      current.body += decoder.decode();
      if (streamed) reader.end();
      current.totalMs = performance.now() - started;
      setOutcome({ ...current });
    } catch (error) {
      if (!controller.signal.aborted) setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  }

  return (
    <div className="try-it">
      <div className="try-it-controls">
        <div className="field">
          <label htmlFor={ids.style}>API style</label>
          <select id={ids.style} value={example.id} onChange={(e) => choose(e.target.value)}>
            {(['unified', 'passthrough'] as const).map((group) => (
              <optgroup key={group} label={group === 'unified' ? 'Unified APIs' : 'Passthrough APIs'}>
                {examples
                  .filter((e) => e.group === group)
                  .map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.title}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
        {STREAM_FLAG.has(example.id) && (
          <label className="checkbox" htmlFor={ids.stream}>
            <input id={ids.stream} type="checkbox" checked={streamFlag} onChange={(e) => toggleStream(e.target.checked)} disabled={!parsed.ok} />
            Stream the answer
          </label>
        )}
      </div>
      {requireKeys && (
        <div className={`field try-it-key${keyError ? ' field-invalid' : ''}`}>
          <label htmlFor={ids.key}>Gateway key</label>
          <div className="input-with-button">
            <input
              id={ids.key}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="mgw-…"
              value={gatewayKey}
              onChange={(e) => changeKey(e.target.value)}
              aria-invalid={keyError ? true : undefined}
              aria-describedby={`${ids.key}-hint${keyError ? ` ${ids.key}-error` : ''}`}
            />
            {gatewayKey && (
              <button type="button" className="btn" onClick={() => changeKey('')}>
                Forget key
              </button>
            )}
          </div>
          <p className="hint" id={`${ids.key}-hint`}>
            This gateway requires a key. It is sent only to this gateway's <code>/gateway/</code> routes, as <code>{KEY_HEADER_TEXT[example.keyHeader]}</code> for this API, and kept for this tab only.
          </p>
          {keyError && (
            <p className="field-error" id={`${ids.key}-error`} role="alert">
              {keyError}
            </p>
          )}
        </div>
      )}
      <p className="route-line">
        <code className="route">POST {example.path}</code> <span className="muted">
          <InlineCode text={example.description} />
        </span>
      </p>
      <div className={`field${jsonError ? ' field-invalid' : ''}`}>
        <label htmlFor={ids.body}>Request body (JSON)</label>
        <textarea
          id={ids.body}
          className="code-input"
          rows={Math.min(14, bodyText.split('\n').length + 1)}
          spellCheck={false}
          value={bodyText}
          onChange={(e) => setBodyText(e.target.value)}
          aria-invalid={jsonError ? true : undefined}
          aria-describedby={jsonError ? ids.error : undefined}
        />
        {jsonError && (
          <p className="field-error" id={ids.error} role="alert">
            {jsonError}
          </p>
        )}
      </div>
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={send} disabled={running}>
          {running ? 'Sending…' : 'Send request'}
        </button>
        {running && (
          <button type="button" className="btn" onClick={() => abort.current?.abort()}>
            Stop
          </button>
        )}
      </div>
      {failure && (
        <div className="notice notice-error" role="alert">
          The request failed: {failure}
        </div>
      )}
      {outcome && <OutcomeView outcome={outcome} />}
    </div>
  );
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  const ok = outcome.status < 400;
  // A whole answer's text reads first; its JSON stays open below it.
  const text = !outcome.streamed && outcome.totalMs !== undefined ? answerText(outcome.body) : undefined;
  return (
    <section className="try-it-result" aria-label="Response">
      <dl className="facts-row">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`badge ${ok ? 'badge-ok' : 'badge-error'}`}>
              {outcome.status} {outcome.statusText}
            </span>
          </dd>
        </div>
        <div>
          <dt>Latency</dt>
          <dd>{outcome.totalMs === undefined ? `first byte ${formatMs(outcome.firstByteMs)}…` : `${formatMs(outcome.totalMs)} (first byte ${formatMs(outcome.firstByteMs)})`}</dd>
        </div>
        <div>
          <dt>Server-Timing</dt>
          <dd>{outcome.serverTiming.length === 0 ? <span className="muted">not sent</span> : outcome.serverTiming.map((m) => `${m.name} ${formatMs(m.ms)}`).join(' · ')}</dd>
        </div>
      </dl>
      {outcome.streamed && (
        <div className="field">
          <h3 className="small-heading">Streamed text</h3>
          <pre className="streamed-text" aria-live="polite" tabIndex={0}>
            {outcome.text || <span className="muted">{outcome.totalMs === undefined ? 'Waiting for text…' : 'No text in the stream.'}</span>}
          </pre>
        </div>
      )}
      {text !== undefined && (
        <div className="field">
          <h3 className="small-heading">Answer</h3>
          <p className="answer-text">{text}</p>
        </div>
      )}
      <details className="raw-body" open={!outcome.streamed}>
        <summary>{outcome.streamed ? 'Raw events' : 'Response body'}</summary>
        {/* Focusable, so a keyboard can scroll a long body. */}
        <pre className="response-body" tabIndex={0}>
          {prettyJson(outcome.body)}
        </pre>
      </details>
    </section>
  );
}

function parseBody(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: 'The body must be a JSON object.' };
    return { ok: true, value: value as Record<string, unknown> };
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

async function* streamChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
