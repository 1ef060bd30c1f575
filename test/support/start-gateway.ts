import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger, Gateway, type GatewayOptions } from '@model-gateway/core';

export interface TestGateway {
  gateway: Gateway;
  url: string;
  /** Every log line the gateway wrote, as raw JSON text. */
  logs: string[];
  close(): Promise<void>;
}

/** Starts an in-process gateway on a free port with its logs captured (debug level, so every line is checked). */
export async function startGateway(configText: string, options: Partial<GatewayOptions> = {}): Promise<TestGateway> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const env = { GATEWAY_DATA_DIR: isolatedDataDir(), ...(options.env ?? process.env) };
  const gateway = await Gateway.start({ configText, port: 0, host: '127.0.0.1', logger: createLogger('debug', sink), watch: false, ...options, env });
  return { gateway, url: gateway.url, logs, close: () => gateway.close() };
}

let dataDirs = 0;

/**
 * A data directory of the gateway's own that does not exist yet (the embedded admin store
 * creates it on its first write): test gateways never share, or read, a developer's
 * ./.gateway-data. A test that sets GATEWAY_DATA_DIR in `env` (or store.dir) wins.
 */
export function isolatedDataDir(): string {
  return path.join(os.tmpdir(), `mg-test-data-${process.pid}-${Date.now()}-${++dataDirs}`);
}

/** POSTs JSON (or a raw string) and returns status, headers and parsed body. */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** Reads an SSE response into its `data:` payloads (strings, as sent). */
export async function readSseData(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice('data: '.length));
}
