import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { extensibleCopy, type UpstreamRequest } from '@model-gateway/core';
import { BEDROCK_SIGNING_SERVICE } from './bedrock-facts';

export interface SigV4Keys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export type RequestSigner = (request: UpstreamRequest, signingDate?: Date) => Promise<void>;

/**
 * A signer for one connection: AWS Signature V4 over a request whose URL, headers and
 * body are final (the maintained @smithy implementation the AWS SDKs use), writing
 * `host`, `x-amz-date`, `x-amz-content-sha256`, `x-amz-security-token` (temporary
 * credentials) and `authorization` onto its headers. It is built once; `keys` is
 * called at each signing, so secrets are revealed only while a request is signed.
 *
 * The path is signed as sent: already percent-encoded, and encoded once more for the
 * canonical request (`uriEscapePath`), which is what every AWS service but S3 expects.
 */
export function sigV4Signer(keys: () => SigV4Keys, region: string): RequestSigner {
  const signer = new SignatureV4({
    service: BEDROCK_SIGNING_SERVICE,
    region,
    credentials: async () => keys(),
    sha256: Sha256,
    uriEscapePath: true,
  });
  return async (request, signingDate) => {
    const url = new URL(request.url);
    // The host header is signed, so it must be the one undici sends: the URL's host with its port.
    const headers: Record<string, string> = extensibleCopy(request.headers, { host: url.host });
    const signed = await signer.sign(
      {
        method: request.method,
        protocol: url.protocol,
        hostname: url.hostname,
        ...(url.port && { port: Number(url.port) }),
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body: request.body,
      },
      signingDate ? { signingDate } : {},
    );
    for (const [name, value] of Object.entries(signed.headers)) request.headers[name.toLowerCase()] = value;
  };
}
