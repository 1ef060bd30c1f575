/** What a service learns when the gateway starts it. */
export interface ServiceContext {
  /** The address the HTTP listener is about to bind (after --host and server.host). */
  readonly listenHost: string;
}

/**
 * Something a plugin runs for the life of the gateway (a store it loads and keeps in
 * sync, say). Services start in registration order after the registries hold the
 * config and before the listener accepts requests; a start that throws stops the
 * gateway's start. They stop in reverse order after the listener has closed.
 */
export interface PluginService {
  name: string;
  start?(context: ServiceContext): Promise<void>;
  stop?(): Promise<void>;
}
