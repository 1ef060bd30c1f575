import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { FIXTURES, scenarioMarker } from '../conformance/conformance-fixtures';
import { BedrockFake, type BedrockRequest } from './bedrock-fake';

/** The Bedrock fake's own answers; SigV4 and the scenarios through the gateway are in the conformance suite and test/clients. */
describe('BedrockFake', () => {
  let fake: BedrockFake;
  const converse = (text: string, { operation = 'converse', key = 'right', model = 'anthropic.claude' } = {}) =>
    fetch(`${fake.baseUrl}/model/${encodeURIComponent(model)}/${operation}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: JSON.stringify({ messages: [{ role: 'user', content: [{ text }] }] }),
    });

  beforeAll(async () => {
    fake = await BedrockFake.start({
      authCheck: (req) => (req.headers.authorization === 'Bearer right' ? undefined : 'bad key'),
      script: (req: BedrockRequest) => (req.view.model === 'teapot' ? (_req, res) => void res.writeHead(418).end() : undefined),
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("refuses credentials authCheck rejects with Bedrock's 403, naming the exception in x-amzn-errortype", async () => {
    const refused = await converse('hi', { key: 'wrong' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-amzn-errortype')).toMatch(/^InvalidSignatureException:/);
    expect(await refused.json()).toEqual({ message: 'bad key' });
  });

  it('echoes a Converse call, answers a scenario with the fixtures, and lets the script answer by model', async () => {
    const echo = (await (await converse('hello bedrock')).json()) as any;
    expect(echo).toMatchObject({ output: { message: { role: 'assistant', content: [{ text: 'reply to: hello bedrock' }] } }, stopReason: 'end_turn' });
    expect(fake.last.view).toMatchObject({ model: 'anthropic.claude', stream: false });
    const tools = (await (await converse(scenarioMarker('tools'))).json()) as any;
    expect(tools.output.message.content).toEqual([{ toolUse: { toolUseId: FIXTURES.toolCalls[0].id, name: FIXTURES.tool.name, input: FIXTURES.toolCalls[0].arguments } }]);
    expect((await converse('x', { model: 'teapot' })).status).toBe(418);
  });

  it('streams ConverseStream as event-stream frames whose text deltas join to the answer', async () => {
    const response = await converse(scenarioMarker('stream'), { operation: 'converse-stream' });
    expect(response.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
    const codec = new EventStreamCodec(toUtf8, fromUtf8);
    let bytes = Buffer.from(await response.arrayBuffer());
    const events: Array<{ type: string; payload: any }> = [];
    while (bytes.length > 0) {
      const length = bytes.readUInt32BE(0);
      const message = codec.decode(bytes.subarray(0, length));
      events.push({ type: String(message.headers[':event-type'].value), payload: JSON.parse(toUtf8(message.body)) });
      bytes = bytes.subarray(length);
    }
    expect(events.map((e) => e.type)).toEqual(['messageStart', ...Array(events.length - 4).fill('contentBlockDelta'), 'contentBlockStop', 'messageStop', 'metadata']);
    expect(events.map((e) => e.payload.delta?.text ?? '').join('')).toBe(FIXTURES.answer);
  });
});
