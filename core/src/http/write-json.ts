import type { ServerResponse } from 'node:http';
import { extensibleCopy } from '../objects/extensible-copy';

/** Writes a JSON body with an exact content-length; cheaper than res.json (no ETag, no content negotiation). */
export function writeJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
  const text = JSON.stringify(body);
  const own = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) };
  res.writeHead(status, headers ? extensibleCopy(headers, own) : own);
  res.end(text);
}
