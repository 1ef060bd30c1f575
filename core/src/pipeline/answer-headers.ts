import type { Response } from 'express';
import type { TranslationHeaders } from '../contracts/relay-input';
import { serverTimingHeader } from '../http/server-timing';
import type { Attempt } from './attempt';
import type { Call } from './call';

/** Says which target served, after how many attempts and how long each side took; set before the head is written. */
export function setServedHeaders(res: Response, attempt: Attempt): void {
  res.setHeader('x-gateway-target', attempt.target.key);
  res.setHeader('x-gateway-attempts', String(attempt.index + 1));
  res.setHeader('server-timing', timings(attempt.call));
}

/** On a call that failed before its head was written: how many attempts it made and how long they took. */
export function setFailedCallHeaders(res: Response, call: Call): void {
  res.setHeader('x-gateway-attempts', String(call.attempts.length));
  res.setHeader('server-timing', timings(call));
}

/**
 * Headers of a translation, before the head is written; a name both sources set gets both values.
 * Two parameters rather than a rest list: a rest list is an array per call.
 */
export function setTranslationHeaders(res: Response, first: TranslationHeaders | undefined, second?: TranslationHeaders): void {
  if (first) addHeaders(res, first);
  if (second) addHeaders(res, second);
}

function addHeaders(res: Response, headers: TranslationHeaders): void {
  for (const name in headers) {
    const previous = res.getHeader(name);
    res.setHeader(name, previous === undefined ? headers[name] : `${String(previous)}, ${headers[name]}`);
  }
}

function timings(call: Call): string {
  return serverTimingHeader({ totalMs: performance.now() - call.receivedHr, upstreamMs: call.upstreamMs, retryWaitMs: call.retryWaitMs });
}
