import type { Dispatcher } from 'undici';
import { Cancellation } from '../contracts/cancellation';
import type { UpstreamResponse } from '../contracts/upstream-request';
import { UpstreamResponseHandler } from './upstream-response-handler';

function controller(): Dispatcher.DispatchController {
  return { aborted: false, paused: false, reason: null, rawHeaders: [Buffer.from('content-type'), Buffer.from('text/event-stream')], abort: () => undefined, pause: () => undefined, resume: () => undefined };
}

describe('UpstreamResponseHandler', () => {
  it('settles with the parsed head and lets go of undici\'s raw header buffers, which an open stream would keep until it ends', () => {
    const settled: UpstreamResponse[] = [];
    const handler = new UpstreamResponseHandler(new Cancellation(), (response) => settled.push(response), () => undefined, 1024);
    const head = controller();
    handler.onRequestStart(head);
    handler.onResponseStart(head, 200, { 'content-type': 'text/event-stream' });
    expect(settled.map((r) => [r.status, r.headers])).toEqual([[200, { 'content-type': 'text/event-stream' }]]);
    expect(head.rawHeaders).toBeNull();
  });

  it('waits past a 1xx head for the real one', () => {
    const settled: UpstreamResponse[] = [];
    const handler = new UpstreamResponseHandler(new Cancellation(), (response) => settled.push(response), () => undefined, 1024);
    const head = controller();
    handler.onResponseStart(head, 103, {});
    expect(settled).toEqual([]);
  });
});
