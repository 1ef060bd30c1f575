import type { Dispatcher } from 'undici';
import type { Cancellation } from '../contracts/cancellation';
import { UpstreamBody } from './upstream-body';
import type { UpstreamResponse } from '../contracts/upstream-request';

/**
 * undici dispatch handler for one provider call: settles with status and headers when
 * they arrive, then feeds the body to an UpstreamBody. The call's cancellation aborts
 * the request at any stage (queued, waiting for headers, mid-body); its listener is
 * removed once the answer is complete or has failed, so a finished call holds nothing.
 */
export class UpstreamResponseHandler implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private body: UpstreamBody | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly cancellation: Cancellation,
    private readonly resolve: (response: UpstreamResponse) => void,
    private readonly reject: (error: unknown) => void,
    private readonly maxWholeBodyBytes: number,
  ) {
    if (cancellation.aborted) reject(this.reason());
    else this.stopListening = cancellation.onCancel(() => this.cancelled());
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.cancellation.aborted) controller.abort(this.reason());
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    // 1xx answers (100 Continue, 103 Early Hints) precede the real one.
    if (statusCode < 200) return;
    // The parsed headers are all we read; undici's raw copy would otherwise stay with an open stream until it ends.
    controller.rawHeaders = null;
    this.body = new UpstreamBody(controller, this.maxWholeBodyBytes);
    this.resolve({ status: statusCode, headers, body: this.body });
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.body?.push(chunk);
  }

  onResponseEnd(): void {
    this.done();
    this.body?.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.done();
    if (this.body) this.body.fail(error);
    else this.reject(error);
  }

  private cancelled(): void {
    this.stopListening = undefined;
    const reason = this.reason();
    if (this.body) this.body.destroy(reason);
    else if (this.controller) this.controller.abort(reason);
    // Still queued behind other requests: answer now; the request is dropped when it would start.
    else this.reject(reason);
  }

  private reason(): Error {
    const reason = this.cancellation.reason;
    return reason instanceof Error ? reason : new Error('The call was cancelled.');
  }

  private done(): void {
    this.stopListening?.();
    this.stopListening = undefined;
  }
}
