import type { CallContext, Target } from './call-context';
import type { Endpoint } from './endpoint';
import type { ProviderAttempt } from './provider-attempt';

/** One try of one target, as pipeline plugins (the authorize phase) see it: the provider's view plus its call and target. */
export interface AttemptContext extends ProviderAttempt {
  readonly call: CallContext;
  readonly target: Target;
  /** 0 for the first attempt of a call. */
  readonly index: number;
  /** Epoch milliseconds. */
  readonly startedAt: number;
  readonly endpoint: Endpoint;
}
