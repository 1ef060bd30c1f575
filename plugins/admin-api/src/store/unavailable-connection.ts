import { GatewayError, type ConnectionSettings, type ProviderConnection } from '@model-gateway/core';

/**
 * Stands in for a stored connection whose credentials cannot be decrypted: its endpoints
 * answer 503 with the reason, and nothing (no garbage or empty key) is ever sent upstream.
 */
export function unavailableConnection(settings: ConnectionSettings, reason: string): ProviderConnection {
  const refuse = (): never => {
    throw new GatewayError(
      'provider_credentials_unavailable',
      `Connection "${settings.name}" cannot be used: ${reason}. Its endpoints answer 503 until the gateway runs with the secrets key its credentials were stored under (GATEWAY_SECRETS_KEY).`,
    );
  };
  return {
    settings,
    chat: async () => refuse(),
    embeddings: async () => refuse(),
    passthrough: () => refuse(),
    authorize: () => refuse(),
  };
}
