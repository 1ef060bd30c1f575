import type { IncomingHttpHeaders } from 'node:http';

/**
 * A request that reads endpoints without calling one (a models listing, a lookup by
 * name), as the pipeline's `filterEndpoints` phase sees it.
 */
export interface EndpointQuery {
  readonly headers: IncomingHttpHeaders;
  /** The request's path and query as received. */
  readonly url: string;
  /** The API style whose route was asked (errors are rendered in its format). */
  readonly apiStyle: string;
  /** Set when one endpoint is looked up by this name (whether or not it exists); absent for a listing. */
  readonly name?: string;
}
