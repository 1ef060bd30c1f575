import type { Dispatcher } from 'undici';
import { UpstreamBody } from './upstream-body';

function controller(): Dispatcher.DispatchController {
  return { paused: false, aborted: false, reason: null, pause() {}, resume() {}, abort() {} } as unknown as Dispatcher.DispatchController;
}

describe('UpstreamBody.textIfComplete', () => {
  it('has nothing until the whole body has arrived, then the text of every chunk, once', async () => {
    const body = new UpstreamBody(controller(), 1024);
    body.push(Buffer.from('{"a":'));
    expect(body.textIfComplete()).toBeUndefined();
    body.push(Buffer.from('"é"}'));
    body.end();
    expect(body.textIfComplete()).toBe('{"a":"é"}');
    // Taken: what was read is not read again.
    expect(body.textIfComplete()).toBe('');
  });

  it('has nothing for a failed transfer, whose error text() then throws', async () => {
    const body = new UpstreamBody(controller(), 1024);
    body.push(Buffer.from('{"a":'));
    const reset = new Error('socket hang up');
    body.fail(reset);
    expect(body.textIfComplete()).toBeUndefined();
    await expect(body.text()).rejects.toBe(reset);
  });

  it('has nothing for a body past its limit, which text() then refuses', async () => {
    const body = new UpstreamBody(controller(), 4);
    body.push(Buffer.from('{"a":1}'));
    body.end();
    expect(body.textIfComplete()).toBeUndefined();
    await expect(body.text()).rejects.toMatchObject({ code: 'upstream_response_too_large' });
  });
});
