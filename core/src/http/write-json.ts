import type { ServerResponse } from 'node:http';

/** Writes a JSON body with an exact content-length; cheaper than res.json (no ETag, no content negotiation). */
export function writeJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
