import { Cancellation, DEFAULT_CALLER, GatewayError } from '@model-gateway/core';
import { Call } from '@model-gateway/core/testing';
import { CallerTag } from './caller-tag';

function callWith(headers: Record<string, string | string[]>): Call {
  return new Call('req-1', 'openai-chat', 'chat', 'ep', { messages: [], stream: false, streamUsage: false, extra: {} } as never, headers, new Cancellation());
}

function refusal(headers: Record<string, string | string[]>): GatewayError {
  try {
    new CallerTag().onRequest(callWith(headers));
  } catch (error) {
    return error as GatewayError;
  }
  throw new Error('the label was accepted');
}

describe('CallerTag', () => {
  it('leaves an unlabelled call with the default caller', () => {
    const call = callWith({});
    new CallerTag().onRequest(call);
    expect(call.caller).toBe(DEFAULT_CALLER);
  });

  it("takes the gateway's own header, and MLflow's when it is the only one", () => {
    const own = callWith({ 'x-gateway-caller': 'nightly-eval.v2' });
    new CallerTag().onRequest(own);
    expect(own.caller).toBe('nightly-eval.v2');
    const mlflow = callWith({ 'x-mlflow-gateway-caller': 'judge' });
    new CallerTag().onRequest(mlflow);
    expect(mlflow.caller).toBe('judge');
    const both = callWith({ 'x-gateway-caller': 'app-a', 'x-mlflow-gateway-caller': 'judge' });
    new CallerTag().onRequest(both);
    expect(both.caller).toBe('app-a');
  });

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(33)],
    ['a space', 'my judge'],
    ['a repeated header joined by Node', 'judge, app'],
    ['non-ASCII', 'jüdge'],
  ])('refuses a label with %s as a 400 naming the header', (_what, label) => {
    const error = refusal({ 'x-gateway-caller': label });
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.status).toBe(400);
    expect(error.param).toBe('x-gateway-caller');
    expect(error.message).not.toContain(label || '\u0000');
  });

  it("names MLflow's header when that is the bad one", () => {
    expect(refusal({ 'x-mlflow-gateway-caller': 'a/b' }).param).toBe('x-mlflow-gateway-caller');
  });

  it('accepts exactly 32 characters', () => {
    const call = callWith({ 'x-gateway-caller': 'a'.repeat(32) });
    new CallerTag().onRequest(call);
    expect(call.caller).toBe('a'.repeat(32));
  });
});
