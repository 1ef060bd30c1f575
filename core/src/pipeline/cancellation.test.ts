import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { Cancellation } from './cancellation';

describe('Cancellation', () => {
  it('runs listeners once, keeps the first reason and aborts its signal view', () => {
    const cancellation = new Cancellation();
    const signal = cancellation.signal;
    const seen: unknown[] = [];
    cancellation.onCancel(() => seen.push(cancellation.reason));
    cancellation.cancel('first');
    cancellation.cancel('second');
    expect(seen).toEqual(['first']);
    expect(cancellation.aborted).toBe(true);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('first');
  });

  it('gives an already-aborted signal when asked after cancelling', () => {
    const cancellation = new Cancellation();
    cancellation.cancel(new Error('gone'));
    expect(cancellation.signal.aborted).toBe(true);
    expect((cancellation.signal.reason as Error).message).toBe('gone');
  });

  it('calls a late listener at once and a removed one never', () => {
    const cancellation = new Cancellation();
    let removedRan = false;
    const remove = cancellation.onCancel(() => (removedRan = true));
    remove();
    cancellation.cancel('x');
    expect(removedRan).toBe(false);
    let lateRan = false;
    cancellation.onCancel(() => (lateRan = true));
    expect(lateRan).toBe(true);
    expect(cancellation.listenerCount()).toBe(0);
  });

  it('aborts an undici request in flight, as its request signal', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    // Never answers: only the cancellation can end the request.
    const server = http.createServer((req) => req.socket.once('close', upstreamClosed));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new Agent();
    try {
      const cancellation = new Cancellation();
      const { port } = server.address() as AddressInfo;
      const pending = agent.request({ origin: `http://127.0.0.1:${port}`, path: '/', method: 'GET', signal: cancellation });
      setTimeout(() => cancellation.cancel(new Error('client gone')), 20);
      await expect(pending).rejects.toThrow('client gone');
      await closed;
      expect(cancellation.listenerCount()).toBe(0);
    } finally {
      await agent.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
