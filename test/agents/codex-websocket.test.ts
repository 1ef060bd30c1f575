import { readFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { CODEX_CLIENT_FIELDS } from './codex-client-fields';
import { LOOP_RUN_TIMEOUT_MS, useLoopRig } from './loop-rig';
import { describeRun, exampleFile, fill, runCli, scratch, writeIn } from './agent-setup';
import { LOOP_CONTENT, LOOP_FILE, LOOP_REPLY } from './tool-loop';
import { WireTap } from './wire-tap';

/**
 * Codex's WebSocket transport for the Responses API, which the gateway does not serve.
 * Codex 0.169.0 tries it whenever its model provider says `supports_websockets` (the built-in
 * `openai` provider does, so `openai_base_url` pointed at the gateway tries it; a custom
 * provider such as the README's only when its table sets it): a GET of `{base_url}/responses`
 * asking for `Upgrade: websocket` (`OpenAI-Beta: responses_websockets=2026-02-06`). Answered
 * 426 it takes HTTP at once; any other failure (404, 400, 403, 405, 501, a dropped socket)
 * it retries seven times over about 6.5 s before it falls back, or, on 400, fails the turn.
 * So the gateway answers every WebSocket handshake 426 and closes the connection, and these
 * tests count what crossed the wire: one handshake, refused, then the loop over HTTP.
 */

// Codex's own Responses fields newer than the pinned SDK type pass; the rest of every body is checked.
const setup = useLoopRig('codex-ws', 'cx-ws', { clientFields: CODEX_CLIENT_FIELDS });
const { loop } = setup;

const HANDSHAKE_HEADERS = {
  connection: 'Upgrade',
  upgrade: 'websocket',
  'sec-websocket-version': '13',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
  'openai-beta': 'responses_websockets=2026-02-06',
};

/** A WebSocket handshake on a fresh socket, read to the end the server gives it (a server that left it open would time the test out). */
function handshake(port: number, target: string): Promise<{ head: string; body: string; endedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let endedByServer = false;
    socket.on('connect', () => {
      const lines = Object.entries({ host: `127.0.0.1:${port}`, ...HANDSHAKE_HEADERS }).map(([name, value]) => `${name}: ${value}`);
      socket.write(`GET ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => (endedByServer = true));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ head: text.slice(0, split), body: text.slice(split + 4), endedByServer });
    });
  });
}

describe('a WebSocket handshake on a Responses route', () => {
  it.each(['/gateway/openai/v1/responses', '/gateway/native/v1/responses'])('is refused on %s with 426 in the OpenAI error shape, and the connection closed', async (target) => {
    const { head, body, endedByServer } = await handshake(Number(new URL(setup.rig.gateway.url).port), target);
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 426 Upgrade Required');
    expect(head.toLowerCase()).toContain('\r\nconnection: close');
    expect(JSON.parse(body)).toEqual({ error: { message: expect.stringContaining('WebSocket'), type: 'invalid_request_error', code: 'upgrade_not_supported', param: null } });
    expect(endedByServer).toBe(true);
  });

  it('leaves an optional Upgrade offer (h2c) alone: the request it rides on is served', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ model: 'cx-ws-gpt', messages: [{ role: 'user', content: 'Hi' }] });
      const req = http.request(`${setup.rig.gateway.url}/gateway/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', connection: 'Upgrade, HTTP2-Settings', upgrade: 'h2c', 'http2-settings': 'AAMAAABkAARAAAAAAAIAAAAA' },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
  });
});

describe('Codex with its WebSocket transport on', () => {
  let tap: WireTap;
  beforeAll(async () => {
    tap = await WireTap.start(Number(new URL(setup.rig.gateway.url).port));
  });
  afterAll(async () => {
    await tap?.close();
  });

  it('is refused once, at once, and completes the tool loop over HTTP', async () => {
    const project = await scratch('codex-ws-project');
    const home = await scratch('codex-ws-home');
    try {
      loop.reset({ name: 'exec_command', input: { cmd: `printf '%s' '${LOOP_CONTENT}' > ${LOOP_FILE}` } });
      const base = `${tap.url}/gateway/openai/v1`;
      // The README's provider table (its last lines), with the transport a provider turns on by `supports_websockets`.
      const readme = fill(await exampleFile('codex-config.toml'), 'http://127.0.0.1:8080', 'cx-ws-gpt').replace('http://127.0.0.1:8080/gateway/openai/v1', base);
      await writeIn(home.dir, 'codex/config.toml', `model_reasoning_effort = "medium"\n${readme.trimEnd()}\nsupports_websockets = true\n`);
      const args = ['exec', '--skip-git-repo-check', '--sandbox', 'workspace-write', '-C', project.dir, `Create ${LOOP_FILE}.`];
      const run = await runCli(setup.clis.codex, args, { cwd: project.dir, env: { CODEX_HOME: `${home.dir}/codex`, HOME: home.dir, OPENAI_API_KEY: 'placeholder' }, timeoutMs: LOOP_RUN_TIMEOUT_MS });
      const written = await readFile(path.join(project.dir, LOOP_FILE), 'utf8').catch(() => undefined);
      const connections = tap.connections();
      const explain = `${describeRun(run)}\n--- file: ${JSON.stringify(written)}\n--- loop: ${JSON.stringify(loop.events)}\n--- wire: ${JSON.stringify(connections.map((c) => ({ ...c, requests: c.requests.map((r) => `${r.line} upgrade=${r.headers.upgrade ?? '-'}`) })))}`;
      if (!(run.code === 0 && run.stdout.trim().split('\n').pop() === LOOP_REPLY && written === LOOP_CONTENT && loop.problems().length === 0)) {
        throw new Error(`codex did not complete the tool loop with WebSockets on: ${explain}`);
      }
      const withHandshake = connections.filter((c) => c.requests.some((r) => r.headers.upgrade === 'websocket'));
      // One attempt: a refusal Codex retried (with backoff, the seconds this is about) would show as several.
      // Answered 426 with the connection closed, and not used again (which of the two hangs up first at the tap is a race).
      expect(withHandshake.map((c) => ({ requests: c.requests.map((r) => r.line), answers: c.answers.map((a) => `${a.status} connection: ${a.headers.connection}`) }))).toEqual([
        { requests: ['GET /gateway/openai/v1/responses'], answers: ['426 connection: close'] },
      ]);
      expect(withHandshake[0].requests[0].headers['openai-beta']).toMatch(/responses_websockets/);
      // Then both turns of the loop over HTTP, each answered.
      const posts = connections.flatMap((c) => c.requests.map((r, i) => ({ line: r.line, status: c.answers[i]?.status }))).filter((r) => r.line.startsWith('POST'));
      expect(posts.filter((p) => p.line === 'POST /gateway/openai/v1/responses').length).toBeGreaterThanOrEqual(2);
      expect(posts.filter((p) => p.status !== 200)).toEqual([]);
      expect(loop.events.filter((e) => e.format === 'openai-responses').map((e) => e.turn)).toEqual(['call', 'result']);
      // The quiet path: Codex warns only when it falls back after retrying.
      expect(run.stderr).not.toContain('Falling back from WebSockets');
    } finally {
      await home.remove();
      await project.remove();
    }
  });
});
