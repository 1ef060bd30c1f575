import { cohereToolMessageRule } from './cohere-tool-message';

describe("the Cohere fake's tool message rule", () => {
  it('takes {role, tool_call_id, content} and refuses a tool message with a name', () => {
    expect(cohereToolMessageRule({ messages: [{ role: 'tool', tool_call_id: 'c', content: 'x' }] })).toBeUndefined();
    expect(cohereToolMessageRule({ messages: [{ role: 'user', content: 'hi' }, { role: 'tool', tool_call_id: 'c', name: 'f', content: 'x' }] })).toMatch(/messages\[1\].*name/);
  });
});
