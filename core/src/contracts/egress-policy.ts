/**
 * Which network addresses a connection may reach. Connections entered through an API
 * carry one (an operator's YAML is trusted; a form is not): link-local and cloud
 * metadata addresses are always refused, loopback and private ranges unless allowed,
 * checked on the resolved addresses when a socket is opened.
 */
export interface EgressPolicy {
  /** Loopback, private and unique-local ranges (a local model server, tests). */
  readonly allowPrivate: boolean;
}
