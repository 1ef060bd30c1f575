import type { ConfigSource, ConfigSourceHost, ConnectionSettings, ProviderConnection, UnusableReason } from '@model-gateway/core';
import { unavailableConnection } from './unavailable-connection';

/**
 * The admin store as one of core's config sources: what the store holds is published to
 * core, which validates, resolves and applies it (source "api"). Registered at plugin
 * load; core attaches it before services start, so the store can publish when it loads.
 */
export class AdminConfigSource implements ConfigSource {
  readonly name = 'api';
  private attached?: ConfigSourceHost;

  attach(host: ConfigSourceHost): void {
    this.attached = host;
  }

  /** What publishes and checks declarations; present once the gateway attached this source. */
  get host(): ConfigSourceHost {
    if (!this.attached) throw new Error('the admin store was not registered as a config source');
    return this.attached;
  }

  standIn(settings: ConnectionSettings, reason: UnusableReason): ProviderConnection {
    return unavailableConnection(settings, reason.kind === 'declared' ? reason.problem : storedProblem(reason.message));
  }
}

/** Why a stored record that core refused is not used, as views and logs say it. */
export function storedProblem(message: string): string {
  return `its stored settings no longer validate: ${message}`;
}
