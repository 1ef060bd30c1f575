import { createHash, createHmac } from 'node:crypto';
import type { SeenRequest } from '../conformance/conformance-types';
import { splitTarget } from './fake-server';

/** The Bedrock fake's credential checks, for its `authCheck` and for tests that look at what arrived. */

/** What the checks read: a SeenRequest, with the body as it arrived when the fake recorded it. */
type CheckedRequest = SeenRequest & { rawBody?: string };

export interface SigV4Expectation {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  region: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4's canonical request uses it. */
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Recomputes the request's SigV4 signature from what arrived (method, path as sent,
 * the headers it names as signed, the body) with the expected secret, written from
 * AWS's specification rather than with the gateway's signing library, and compares.
 */
export function sigV4Problem(seen: CheckedRequest, expected: SigV4Expectation): string | undefined {
  const header = (name: string) => String(seen.headers[name] ?? '');
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(header('authorization'));
  if (!match) return `authorization is not a SigV4 header: "${header('authorization').slice(0, 40)}"`;
  const [, keyId, day, region, service, signedList, signature] = match;
  if (keyId !== expected.accessKeyId) return `signed with access key id ${keyId}`;
  if (region !== expected.region || service !== 'bedrock') return `signed for ${region}/${service}, expected ${expected.region}/bedrock`;
  const signed = signedList.split(';');
  for (const required of ['host', 'x-amz-date', ...(expected.sessionToken ? ['x-amz-security-token'] : [])]) {
    if (!signed.includes(required)) return `${required} is not signed`;
  }
  if (expected.sessionToken && header('x-amz-security-token') !== expected.sessionToken) return 'x-amz-security-token is not the session token';
  const longDate = header('x-amz-date');
  if (!longDate.startsWith(day)) return 'x-amz-date does not match the credential scope';
  const skew = Math.abs(Date.now() - Date.parse(longDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')));
  if (!(skew < 5 * 60_000)) return 'x-amz-date is more than 5 minutes off';

  const { query } = splitTarget(seen.path);
  // The path as it was sent (still percent-encoded), encoded once more: the non-S3 canonical URI.
  const rawPath = seen.path.split('?')[0];
  const canonicalQuery = Object.keys(query).sort().map((k) => `${uriEncode(k)}=${uriEncode(query[k])}`).join('&');
  const canonicalHeaders = signed.map((name) => `${name}:${header(name).trim().replace(/\s+/g, ' ')}\n`).join('');
  if (seen.rawBody === undefined) return 'the fake did not record the body, so the signature cannot be checked';
  const payloadHash = sha256(Buffer.from(seen.rawBody, 'utf8'));
  const canonicalPath = rawPath.split('/').map(uriEncode).join('/');
  const canonicalRequest = [seen.method, canonicalPath, canonicalQuery, canonicalHeaders, signedList, payloadHash].join('\n');
  const scope = `${day}/${region}/bedrock/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', longDate, scope, sha256(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${expected.secretAccessKey}`, day);
  for (const part of [region, 'bedrock', 'aws4_request']) key = hmac(key, part);
  const expectedSignature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return expectedSignature === signature ? undefined : 'the SigV4 signature does not verify with the expected secret';
}

/** The API-key mode: the key as a bearer token, and no trace of SigV4. */
export function bearerProblem(seen: CheckedRequest, apiKey: string): string | undefined {
  if (seen.headers.authorization !== `Bearer ${apiKey}`) return 'authorization is not the Bedrock API key as a bearer token';
  const sigv4 = ['x-amz-date', 'x-amz-security-token', 'x-amz-content-sha256'].filter((h) => seen.headers[h] !== undefined);
  return sigv4.length > 0 ? `bearer requests carry SigV4 headers: ${sigv4.join(', ')}` : undefined;
}
