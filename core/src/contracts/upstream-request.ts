/** A provider call as a provider plugin builds it; credential injection adds auth before it is sent. */
export interface UpstreamRequest {
  method: 'GET' | 'POST';
  /** Absolute URL, built from the connection's configured base URL, never from client input. */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer> & {
    text(): Promise<string>;
    /** The whole body, if it has all arrived; undefined otherwise (read it with text()). Optional for bodies made elsewhere. */
    textIfComplete?(): string | undefined;
    destroy(error?: Error): void;
  };
}
