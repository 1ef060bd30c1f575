import { parseVerdict } from './parse-verdict';
import { parseVerdictType } from './verdict-type';

describe('parseVerdict', () => {
  const yesNo = { kind: 'yes-no' } as const;

  it('reads structured output, a fenced block and JSON inside prose', () => {
    expect(parseVerdict('{"result":"yes","rationale":"ok"}', yesNo)).toEqual({ verdict: 'yes', rationale: 'ok' });
    expect(parseVerdict('Rating:\n```json\n{"result": "No", "rationale": "wrong"}\n```', yesNo)).toEqual({ verdict: 'no', rationale: 'wrong' });
    expect(parseVerdict('I think {"result": "yes"} is fair.', yesNo)).toEqual({ verdict: 'yes', rationale: '' });
  });

  it('coerces to the verdict type and refuses what is not of it', () => {
    expect(parseVerdict('{"result": "true"}', { kind: 'boolean' }).verdict).toBe(true);
    expect(parseVerdict('{"result": "4"}', { kind: 'score', min: 1, max: 5 }).verdict).toBe(4);
    expect(() => parseVerdict('{"result": 9}', { kind: 'score', min: 1, max: 5 })).toThrow('is not a score from 1 to 5');
    expect(() => parseVerdict('{"result": "maybe"}', yesNo)).toThrow('the judge\'s result "maybe" is not a yes-no verdict');
    expect(() => parseVerdict('{"rationale": "x"}', yesNo)).toThrow("the judge's result is missing and is not a yes-no verdict");
    expect(() => parseVerdict('no json here', yesNo)).toThrow('holds no JSON object: "no json here"');
  });

  it('parses verdict type names', () => {
    expect(parseVerdictType('score:0-10')).toEqual({ kind: 'score', min: 0, max: 10 });
    expect(parseVerdictType('score')).toEqual({ kind: 'score', min: 1, max: 5 });
    expect(parseVerdictType('score:5-1')).toBeUndefined();
    expect(parseVerdictType('boolean')).toEqual({ kind: 'boolean' });
    expect(parseVerdictType('percent')).toBeUndefined();
  });
});
