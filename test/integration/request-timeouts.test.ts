import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { PROCESS_HOOK_TIMEOUT_MS, startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { readSseData } from '../support/start-gateway';

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;

/**
 * A client that trickles its request holds a connection only until
 * server.headers_timeout_ms / request_timeout_ms; a response may stream for longer.
 * Raw sockets against a gateway process, so the timing is the server's own.
 */
describe('hardening: time to receive a request is bounded, the response is not', () => {
  let upstream: OpenAiFake;
  let gw: GatewayProcess;
  let dir: string;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-timeouts-'));
    const config = path.join(dir, 'gateway.yaml');
    fs.writeFileSync(
      config,
      `
server: { headers_timeout_ms: ${HEADERS_TIMEOUT_MS}, request_timeout_ms: ${REQUEST_TIMEOUT_MS} }
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: sk-up }
endpoints:
  - { name: chat-ep, kind: chat, provider: up, model: m }
`,
    );
    gw = await startGatewayProcess(config);
  }, PROCESS_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await gw?.stop();
    await upstream.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => upstream.reset());

  /** Sends `head`, then `trickle` one byte every `everyMs` until the server closes the socket. */
  function trickle(head: string, trickleText: string, everyMs: number): Promise<{ answer: string; closedAfterMs: number }> {
    const { hostname, port } = new URL(gw.url);
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(Number(port), hostname);
      let answer = '';
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.setEncoding('utf8');
      socket.on('data', (text: string) => (answer += text));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => {
          if (socket.destroyed) return;
          socket.write(trickleText[sent++ % trickleText.length]);
        }, everyMs);
      });
      // A server that never gives up fails the test rather than hanging it.
      setTimeout(() => {
        if (!socket.destroyed) {
          socket.destroy();
          reject(new Error(`the gateway still held the connection after 15 s; it answered: ${answer}`));
        }
      }, 15_000).unref();
    });
  }

  it('headers sent a byte at a time -> 408 and the connection closed soon after headers_timeout_ms', async () => {
    const { answer, closedAfterMs } = await trickle('POST /gateway/chat-ep/native/invocations HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'x-slow: aaaaaaaa\r\n', 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    // Closed by the server, not by trickle's 15 s guard (which rejects): well before a slowloris could hold it
    // for minutes. No tighter upper bound: load stretches any.
    expect(upstream.requests).toHaveLength(0);
  });

  it('a body sent a byte at a time -> 408 and the connection closed soon after request_timeout_ms', async () => {
    const body = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] });
    const head = `POST /gateway/chat-ep/native/invocations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, closedAfterMs } = await trickle(head, body, 200);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(upstream.requests).toHaveLength(0);
    expect(gw.alive()).toBe(true);
  });

  it('a stream that runs past request_timeout_ms is delivered whole', async () => {
    const pieces = Array.from({ length: 10 }, (_, i) => `piece ${i} `);
    upstream.enqueue(respondOpenAi.stream(pieces, { intervalMs: 350 }));
    const started = Date.now();
    const res = await fetch(`${gw.url}/gateway/chat-ep/native/invocations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    const data = await readSseData(res);
    expect(Date.now() - started).toBeGreaterThan(REQUEST_TIMEOUT_MS);
    expect(data[data.length - 1]).toBe('[DONE]');
    expect(data.slice(0, -1).map((d) => JSON.parse(d).choices?.[0]?.delta?.content ?? '').join('')).toBe(pieces.join(''));
  });

  it('a keep-alive connection idle longer than both timeouts still serves its next request', async () => {
    const { hostname, port } = new URL(gw.url);
    const socket = net.connect(Number(port), hostname);
    socket.setEncoding('utf8');
    let answer = '';
    socket.on('data', (text: string) => (answer += text));
    await new Promise((resolve) => socket.once('connect', resolve));
    const request = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    socket.write(request);
    await waitUntil(() => answer.includes('"ok"'));
    answer = '';
    // The property is idle time itself, in the gateway process: this wait cannot be polled away.
    await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS + 1200));
    expect(socket.destroyed).toBe(false);
    socket.write(request);
    await waitUntil(() => answer.includes('"ok"'));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    socket.destroy();
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
