import type { RequestView } from '../conformance/conformance-types';
import { echoText } from './fake-scenarios';
import { schemaAnswer } from './schema-answer';

const view = (text: string, system?: string): RequestView => ({ model: 'm', stream: false, system, turns: [{ role: 'user', text, images: 0, toolCalls: [] }], tools: [] });

/** The schema MLflow's make_judge asks for with a Literal result type (pydantic's output, strict). */
const JUDGE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    result: { $ref: '#/$defs/Verdict', description: 'the verdict' },
    rationale: { type: 'string' },
    score: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
    flags: { type: 'array', items: { type: 'boolean' } },
  },
  required: ['result', 'rationale', 'score', 'flags'],
  $defs: { Verdict: { type: 'string', enum: ['yes', 'no'] } },
};

describe('schemaAnswer', () => {
  it('answers every property with a value of its type, unmarked', () => {
    expect(JSON.parse(schemaAnswer(JUDGE_SCHEMA, view('grade this')))).toEqual({ result: 'yes', rationale: 'fake rationale', score: 1, flags: [true] });
  });

  it('takes marked values from the prompt, the last marker winning, and coerces them to the type', () => {
    const answer = JSON.parse(schemaAnswer(JUDGE_SCHEMA, view('[[result=no]] [[rationale=it cites nothing]] [[score=4]] [[flags=false]]', '[[result=yes]]')));
    expect(answer).toEqual({ result: 'no', rationale: 'it cites nothing', score: 4, flags: [false] });
  });

  it('ignores a marker that is not one of the enum values', () => {
    expect(JSON.parse(schemaAnswer(JUDGE_SCHEMA, view('[[result=maybe]]'))).result).toBe('yes');
  });

  it("is what every fake's default answer says when the request carries a schema", () => {
    expect(echoText({ ...view('[[result=no]]'), jsonSchema: JUDGE_SCHEMA })).toBe(schemaAnswer(JUDGE_SCHEMA, view('[[result=no]]')));
    expect(echoText(view('plain'))).toBe('reply to: plain');
  });
});
