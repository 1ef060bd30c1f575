import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { container } from 'tsyringe';
import { Gateway } from '../gateway';
import { PluginRegistry } from '../plugins/plugin-registry';
import { checkConfigFile } from './check-config';

/**
 * check-config makes start's plugin checks: a declared read that runs before its write is
 * refused with the message start gives, and the same plugins in a working order pass.
 */

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-check-config-'));
  // The writer sets its output on the way out (onAttemptEnd runs by descending priority) at 100;
  // the reader's priority comes from its options, so one file serves the bad order and the good one.
  fs.writeFileSync(
    path.join(dir, 'meter.js'),
    `module.exports = { specVersion: 1, name: 'meter', kind: 'pipeline', register(api) {
      api.registerPipeline({ name: 'meter', priority: 100, onAttemptEnd() {} });
    } };\n`,
  );
  // A class step, as most built-ins are: it is built through the container, which check-config must fill.
  const reader = (priority: number) => `module.exports = { specVersion: 1, name: 'meter-reader', kind: 'pipeline',
    dependencies: { reads: [{ plugin: 'meter', output: 'spend', writtenIn: 'onAttemptEnd', readIn: 'onAttemptEnd' }] },
    register(api) { api.registerPipeline(class { constructor() { this.name = 'meter-reader'; this.priority = ${priority}; } onAttemptEnd() {} }); } };\n`;
  fs.writeFileSync(path.join(dir, 'reads-too-early.js'), reader(150));
  fs.writeFileSync(path.join(dir, 'reads-after.js'), reader(50));
  fs.writeFileSync(path.join(dir, 'bad.yaml'), 'plugins: [./meter.js, ./reads-too-early.js]\n');
  fs.writeFileSync(path.join(dir, 'good.yaml'), 'plugins: [./reads-after.js, ./meter.js]\n');
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function check(file: string) {
  const scope = container.createChildContainer();
  return checkConfigFile(path.join(dir, file), new PluginRegistry(scope), scope, []);
}

const MESSAGE =
  'plugin "meter-reader" reads spend in onAttemptEnd, which "meter" writes in onAttemptEnd: onAttemptEnd runs by descending priority, and the writer\'s priority 100 does not run before the reader\'s 150';

it('refuses a read that runs before its write, with the message a start gives', async () => {
  expect(() => check('bad.yaml')).toThrow(MESSAGE);
  await expect(Gateway.start({ configFile: path.join(dir, 'bad.yaml'), builtinPlugins: [], watch: false, port: 0, host: '127.0.0.1' })).rejects.toThrow(MESSAGE);
});

it('accepts the same plugins when the read runs after the write', () => {
  expect(check('good.yaml').endpoints).toEqual([]);
});
