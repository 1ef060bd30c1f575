import { toolArgumentsObject } from './tool-arguments';

describe('toolArgumentsObject', () => {
  it('parses JSON object text', () => {
    expect(toolArgumentsObject('{"city":"Paris","days":[1,2]}', 'messages[1].tool_calls[0].function.arguments', 'Some format')).toEqual({ city: 'Paris', days: [1, 2] });
  });

  it('reads blank text as no arguments', () => {
    expect(toolArgumentsObject('', 'p', 'Some format')).toEqual({});
    expect(toolArgumentsObject('  \n', 'p', 'Some format')).toEqual({});
  });

  it('refuses text that is not JSON with a 400 naming the parameter and the format', () => {
    expect(() => toolArgumentsObject('{city:', 'messages[1].tool_calls[0].function.arguments', 'Some format')).toThrow(
      expect.objectContaining({
        code: 'invalid_parameter',
        status: 400,
        param: 'messages[1].tool_calls[0].function.arguments',
        message: 'messages[1].tool_calls[0].function.arguments: is not valid JSON; Some format takes tool-call arguments as a JSON object',
      }),
    );
  });

  it('refuses JSON that is not an object', () => {
    for (const text of ['[1]', '"x"', '3', 'null']) {
      expect(() => toolArgumentsObject(text, 'args', 'Some format')).toThrow(
        expect.objectContaining({ code: 'invalid_parameter', param: 'args', message: 'args: must be a JSON object for Some format' }),
      );
    }
  });
});
