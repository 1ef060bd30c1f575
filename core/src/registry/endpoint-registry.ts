import { FILE_SOURCE, type Endpoint, type ObjectSource } from '../contracts/endpoint';

export type EndpointChange = { type: 'upsert'; endpoint: Endpoint } | { type: 'remove'; name: string };

/**
 * The live set of endpoints. Each config source (the file, on start and on reload; a
 * run-time source such as the admin store) replaces its own. Reads are a Map lookup on
 * the hot path.
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
   * Replaces the endpoints `source` owns; unchanged ones stay as they are. A run-time
   * source's endpoint wins over the file's of the same name, and survives the file's
   * reloads: it was set later, on purpose.
   */
  replaceFrom(source: ObjectSource, next: readonly Endpoint[]): void {
    const incoming = new Map(next.map((e) => [e.name, e]));
    for (const [name, current] of this.endpoints) {
      if (current.source === source && !incoming.has(name)) this.remove(name);
    }
    for (const endpoint of next) {
      const current = this.endpoints.get(endpoint.name);
      if (current && current.source !== source && source === FILE_SOURCE) continue;
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
