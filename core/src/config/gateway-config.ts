import type { Endpoint } from '../contracts/endpoint';
import type { ConnectionSettings } from '../contracts/provider-definition';
import type { StateConfig } from './state-config';

/** The validated, resolved configuration. Secrets inside are Secret instances. */
export interface GatewayConfig {
  file?: string;
  server: ServerConfig;
  /** Where run-time state lives: `redis` is none, one node, a Cluster or a Sentinel-managed primary. */
  state: StateConfig;
  logging: { level: string };
  plugins: string[];
  connections: ConnectionSettings[];
  endpoints: Endpoint[];
  /** Plugin-owned top-level sections (`registerConfigSection`), validated, by field name. */
  sections: Readonly<Record<string, unknown>>;
  /** Things worth a log line that do not stop the gateway (an unset key variable). */
  warnings: string[];
}

/** The `server:` section (changes take effect on restart). */
export interface ServerConfig {
  host: string;
  port: number;
  bodyLimit: string;
  upstreamBodyLimit: string;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  shutdownGraceMs: number;
  /** `server.shutdown_delay_ms`: after the first stop signal, how long /ready answers 503 while the listener still serves. */
  shutdownDelayMs: number;
  /** Empty when unset. */
  publicUrl: string;
  allowedOrigins: string[];
  /** `server.allowed_hosts`: names Host may carry besides loopback and public_url's host (any port). */
  allowedHosts: string[];
}
