import type { GatewayPlugin } from '@model-gateway/core';
import { judgeCommand } from './judge-command';

export { judge, DEFAULT_GATEWAY_URL, type JudgeOptions, type JudgeRun } from './judge';
export { JudgeError } from './judge-error';
export type { JudgeCase } from './judge-prompt';
export type { CaseResult, JudgeSummary } from './judge-summary';
export type { Verdict, VerdictType } from './verdict-type';
export { judgeCommand };

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'judge',
  kind: 'pipeline',
  register: (api) => api.registerCommand(judgeCommand),
};

export default plugin;
