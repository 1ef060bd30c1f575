import { JudgeError } from './judge-error';
import { resultDescription, resultSchema, type VerdictType } from './verdict-type';

/** One case to judge: the fields MLflow's make_judge templates as `{{ inputs }}`, `{{ outputs }}`, `{{ expectations }}`. */
export interface JudgeCase {
  inputs?: unknown;
  outputs?: unknown;
  expectations?: unknown;
}

export type TemplateVariable = 'inputs' | 'outputs' | 'expectations';

const VARIABLE = /\{\{\s*(inputs|outputs|expectations)\s*\}\}/g;

/** The variables the instructions use, in their order of first appearance; at least one is required. */
export function templateVariables(instructions: string): TemplateVariable[] {
  const seen: TemplateVariable[] = [];
  for (const [, name] of instructions.matchAll(VARIABLE)) if (!seen.includes(name as TemplateVariable)) seen.push(name as TemplateVariable);
  if (seen.length === 0) throw new JudgeError('The instructions must use at least one of {{ inputs }}, {{ outputs }} and {{ expectations }}.', 'usage');
  return seen;
}

/**
 * The messages for one case, laid out as MLflow's make_judge does: the instructions (their
 * `{{ variables }}` left as names) in the system message with the answer's fields, and each
 * variable's value on a `name: value` line of the user message (JSON for anything but text).
 */
export function judgeMessages(instructions: string, variables: readonly TemplateVariable[], type: VerdictType, testCase: JudgeCase): Array<{ role: 'system' | 'user'; content: string }> {
  const system = [
    'You are an expert judge tasked with evaluating the performance of an AI agent on a particular query.',
    'You will be given instructions that describe the criteria and methodology for the evaluation.',
    '',
    `Your task: ${instructions.trim()}`,
    '',
    'Answer with a JSON object and nothing else, with these fields:',
    `- result: ${resultDescription(type)}`,
    '- rationale: a short explanation of the result',
  ].join('\n');
  const user = variables.map((name) => `${name}: ${asText(testCase[name])}`).join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** The structured-output request for the verdict: OpenAI's json_schema format, which the gateway translates for every provider. */
export function verdictResponseFormat(type: VerdictType): Record<string, unknown> {
  return {
    type: 'json_schema',
    json_schema: {
      name: 'judgement',
      strict: true,
      schema: {
        type: 'object',
        properties: { result: resultSchema(type), rationale: { type: 'string' } },
        required: ['result', 'rationale'],
        additionalProperties: false,
      },
    },
  };
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
