'use strict';
/**
 * The large prompt of issue 29's guard: a legal chat body of about 5 MB (under the gateway's
 * default 10 MB server.body_limit), one user message of ordinary prose, so the gateway parses,
 * checks and forwards it as it would a long document pasted into a prompt.
 */
const LARGE_BODY_BYTES = 5 * 1024 * 1024;
const PROSE = 'The parties agree that the terms of this agreement apply to every order placed after the effective date. ';

/** `body` with its messages replaced by one user message that brings the JSON to about `bytes`. */
function largeChatBody(body, bytes = LARGE_BODY_BYTES) {
  const overhead = Buffer.byteLength(JSON.stringify({ ...body, messages: [{ role: 'user', content: '' }] }));
  const length = Math.max(0, bytes - overhead);
  const content = PROSE.repeat(Math.ceil(length / PROSE.length)).slice(0, length);
  return { ...body, messages: [{ role: 'user', content }] };
}

module.exports = { largeChatBody, LARGE_BODY_BYTES };
