import type { Endpoint } from '../contracts/endpoint';

export type EndpointChange = { type: 'upsert'; endpoint: Endpoint } | { type: 'remove'; name: string };

/**
 * The live set of endpoints. The YAML fills it (and refills it on reload);
 * the run-time API writes single endpoints. Reads are a Map lookup on the hot path.
 */
export class EndpointRegistry {
  private readonly endpoints = new Map<string, Endpoint>();
  private readonly listeners = new Set<(change: EndpointChange) => void>();

  get(name: string): Endpoint | undefined {
    return this.endpoints.get(name);
  }

  list(): Endpoint[] {
    return [...this.endpoints.values()];
  }

  /** Adds or replaces one endpoint at run time. */
  upsert(endpoint: Endpoint): void {
    this.endpoints.set(endpoint.name, endpoint);
    this.emit({ type: 'upsert', endpoint });
  }

  remove(name: string): boolean {
    const existed = this.endpoints.delete(name);
    if (existed) this.emit({ type: 'remove', name });
    return existed;
  }

  /**
   * Replaces the endpoints the config owns. API-owned endpoints survive a reload,
   * and win over a config endpoint of the same name: they were set later, on purpose.
   */
  replaceConfigEndpoints(next: readonly Endpoint[]): void {
    const incoming = new Map(next.map((e) => [e.name, e]));
    for (const [name, current] of this.endpoints) {
      if (current.source === 'config' && !incoming.has(name)) this.remove(name);
    }
    for (const endpoint of next) {
      const current = this.endpoints.get(endpoint.name);
      if (current?.source === 'api') continue;
      if (!current || JSON.stringify(current) !== JSON.stringify(endpoint)) this.upsert(endpoint);
    }
  }

  onChange(listener: (change: EndpointChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: EndpointChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
