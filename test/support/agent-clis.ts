import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { acquireLock, describeExit, isExecutable, lockPath, readStamp, REPO, runCommand, sha256, stderrLog, tail, writeStamp } from './one-time-install';

/**
 * The coding-agent CLIs the agent tests drive, pinned, installed from npm into <repo>/.agents
 * (git-ignored, outside every package.json of the repo), so the root lockfile and `npm ci`
 * never see them. Test setup installs them once; later runs only compare a stamp.
 */

export const AGENT_CLI_VERSIONS = {
  '@anthropic-ai/claude-code': '2.1.197',
  '@openai/codex': '0.169.0',
  '@google/gemini-cli': '0.61.0',
  'opencode-ai': '1.18.33',
} as const;

const DIR = join(REPO, '.agents');
const STAMP = join(DIR, '.installed.sha256');
const LOCK = lockPath('agents');
/** Four packages, three with native binaries (~800 MB on disk); a slow mirror takes minutes. */
const INSTALL_TIMEOUT_MS = 270_000;
const LOCK_WAIT_MS = 280_000;
const log = stderrLog('agent-clis');

/** For the `beforeAll` that calls ensureAgentClis: above the install and lock-wait limits, so those fire first and explain. */
export const AGENT_CLIS_SETUP_TIMEOUT_MS = 300_000;

export interface AgentClis {
  claude: string;
  codex: string;
  gemini: string;
  opencode: string;
}

/** The CLIs' paths, installing them first when the pins changed or nothing is installed. */
export async function ensureAgentClis(): Promise<AgentClis> {
  const wanted = sha256(JSON.stringify(AGENT_CLI_VERSIONS));
  const bin = (name: string) => join(DIR, 'node_modules', '.bin', name);
  const clis: AgentClis = { claude: bin('claude'), codex: bin('codex'), gemini: bin('gemini'), opencode: bin('opencode') };
  if (await isReady(wanted, clis)) return clis;
  const release = await acquireLock(LOCK, { waitMs: LOCK_WAIT_MS, what: 'installing the agent CLIs', log });
  try {
    if (await isReady(wanted, clis)) return clis;
    await install(wanted);
    return clis;
  } finally {
    await release();
  }
}

async function isReady(wanted: string, clis: AgentClis): Promise<boolean> {
  if ((await readStamp(STAMP)) !== wanted) return false;
  for (const cli of Object.values(clis)) if (!(await isExecutable(cli))) return false;
  return true;
}

async function install(hash: string): Promise<void> {
  await mkdir(DIR, { recursive: true });
  // Its own package.json makes .agents the npm project root; allowScripts lets Claude Code's and opencode's postinstalls put their native binaries in place.
  const manifest = { name: 'model-gateway-agent-clis', private: true, dependencies: AGENT_CLI_VERSIONS, allowScripts: { '@anthropic-ai/claude-code': true, 'opencode-ai': true } };
  await writeFile(join(DIR, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`installing ${Object.entries(AGENT_CLI_VERSIONS).map(([name, version]) => `${name}@${version}`).join(', ')} into ${DIR}`);
  const started = Date.now();
  const args = ['install', '--prefix', DIR, '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'];
  const result = await runCommand('npm', args, { cwd: DIR, timeoutMs: INSTALL_TIMEOUT_MS });
  if (result.code !== 0) throw new Error(`npm install into ${DIR} failed (${describeExit(result)}):\n${tail(result.output)}`);
  await writeStamp(STAMP, hash);
  log(`installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
