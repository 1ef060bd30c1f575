import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type http from 'node:http';
import { createLogger, Gateway, type GatewayOptions } from '@model-gateway/core/internal';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';
import { AnswerTap } from './sdk-validate/answer-tap';
import { sdkValidationEnabled, sdkValidator } from './sdk-validate/sdk-validator';

export interface TestGateway {
  gateway: Gateway;
  url: string;
  /** Every log line the gateway wrote, as raw JSON text. */
  logs: string[];
  /** Closes the gateway; answers the official SDK models refuse fail the test that made them (answer-check-hooks.ts). */
  close(): Promise<void>;
}

export interface TestGatewayOptions extends Partial<GatewayOptions> {
  /**
   * `false` turns the answer check off for this gateway: only for a test whose answers are
   * not SDK-shaped on purpose (a raw body relayed from a misbehaving upstream), with a
   * comment saying why. Default: every 2xx answer on a client route is checked (answer-tap.ts).
   */
  answerCheck?: boolean;
}

/**
 * Starts an in-process gateway on a free port with its logs captured (debug level, so every
 * line is checked) and every successful answer it gives a client checked against the official
 * SDKs' response models: the test that got a refused answer fails (docs/testing.md).
 */
export async function startGateway(configText: string, testOptions: TestGatewayOptions = {}): Promise<TestGateway> {
  const { answerCheck = true, ...options } = testOptions;
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const env = { GATEWAY_DATA_DIR: isolatedDataDir(), ...(options.env ?? process.env) };
  const gateway = await Gateway.start({ configText, builtinPlugins: BUILTIN_PLUGINS, port: 0, host: '127.0.0.1', logger: createLogger('debug', sink), watch: false, ...options, env });
  // SDK_VALIDATE=off (a machine without the Python venv) turns it off with the request oracle.
  const tap = answerCheck && sdkValidationEnabled() ? new AnswerTap(httpServer(gateway)) : undefined;
  // Started now, so the SDK imports (seconds of one core, once per worker) overlap the test rather than its close().
  if (tap) void sdkValidator().catch(() => undefined);
  const close = async (): Promise<void> => {
    // Its problems are reported by the jest hooks (answer-check-hooks.ts), not thrown here: a throw would skip the rest of the test's cleanup.
    if (tap) tap.closed = true;
    await gateway.close();
  };
  return { gateway, url: gateway.url, logs, close };
}

/** The gateway keeps its listener private: the harness reads it, production code never needs it. */
function httpServer(gateway: Gateway): http.Server {
  const server = (gateway as unknown as { server?: http.Server }).server;
  if (!server) throw new Error('startGateway: the gateway has no HTTP server to tap (Gateway.server was renamed?)');
  return server;
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
