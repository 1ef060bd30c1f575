/**
 * Who a call was authenticated as, set by an onRequest plugin (a gateway key's check):
 * its id is recorded on usage records. Whatever else an authenticating plugin knows of
 * the caller (a key's own limits, say) travels in a ContextKey the plugin declares.
 */
export interface Principal {
  /** A stable id, safe to log and to put in a metric label (never a credential). */
  readonly id: string;
  /** A human label. */
  readonly name: string;
}
