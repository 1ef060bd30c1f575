/** Limits that travel with a principal (a gateway key's own), applied beside the endpoint's; undefined fields are unlimited. */
export interface PrincipalLimits {
  /** Requests per minute. */
  rpm?: number;
  /** Tokens per minute (input + output, as the providers report them). */
  tpm?: number;
  /** USD per `budgetPeriod`. */
  budgetUsd?: number;
  /** The period of `budgetUsd`: a UTC calendar day or month. */
  budgetPeriod: 'day' | 'month';
}

/**
 * Who a call was authenticated as, set by an onRequest plugin (a gateway key's check):
 * its id is recorded on usage records, and its limits are applied like an endpoint's.
 */
export interface Principal {
  /** A stable id, safe to log and to put in a metric label (never a credential). */
  readonly id: string;
  /** A human label. */
  readonly name: string;
  readonly limits?: PrincipalLimits;
}
