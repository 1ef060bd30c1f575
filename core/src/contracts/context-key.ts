import type { CallContext } from './call-context';

/**
 * A typed field of a call that a plugin declares: the plugin that owns the value makes
 * the key and exports it, the plugins that set or read the value import it, and core
 * carries the value in the call's scratch space without knowing its type or meaning.
 * Two keys are never the same field, even with one name (the name is for messages).
 */
export class ContextKey<T> {
  private readonly slot: symbol;

  /** `name` says whose field it is, as `<plugin>.<field>`, for debugging and messages. */
  constructor(readonly name: string) {
    this.slot = Symbol(name);
  }

  /** The call's value, or undefined when no plugin set one (read without allocating). */
  get(call: Pick<CallContext, 'local'>): T | undefined {
    return call.local(this.slot) as T | undefined;
  }

  set(call: Pick<CallContext, 'locals'>, value: T): void {
    call.locals.set(this.slot, value);
  }

  delete(call: Pick<CallContext, 'locals'>): void {
    call.locals.delete(this.slot);
  }
}
