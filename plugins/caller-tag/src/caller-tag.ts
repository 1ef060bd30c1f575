import { GatewayError, type CallContext, type PipelinePlugin } from '@model-gateway/core';
import { isCallerLabel } from './caller-label';

/** The gateway's own header, and the one MLflow's judges send (`judge`); the first wins when both are present. */
export const CALLER_HEADERS = ['x-gateway-caller', 'x-mlflow-gateway-caller'] as const;

/**
 * Sets `call.caller` from the request's caller header, so usage records and `/api/usage`
 * can tell judge traffic (or any labelled client) from the rest. A label that is not
 * 1-32 characters of `[A-Za-z0-9._-]` is refused with a 400 naming the header, never
 * stored raw. It reads two headers and allocates nothing; an unlabelled call keeps the default.
 */
export class CallerTag implements PipelinePlugin {
  readonly name = 'caller-tag';
  /** Before endpoint resolution: a refused label costs no routing work. */
  readonly priority = 50;

  onRequest(call: CallContext): void {
    const headers = call.headers;
    const value = headers['x-gateway-caller'] ?? headers['x-mlflow-gateway-caller'];
    if (value === undefined) return;
    // Node joins repeated headers it does not know with ", ", which the label rule refuses too.
    if (typeof value !== 'string' || !isCallerLabel(value)) {
      const header = headers['x-gateway-caller'] !== undefined ? 'x-gateway-caller' : 'x-mlflow-gateway-caller';
      throw new GatewayError('invalid_parameter', `The ${header} header must be 1-32 characters of letters, digits, ".", "_" or "-".`, { param: header });
    }
    call.caller = value;
  }
}
