/** Small readers for Cohere's JSON, shared by the decoders here. Providers are trusted less than their docs. */
import { GatewayError } from '@model-gateway/core';

export function invalidCohere(problem: string): GatewayError {
  return new GatewayError('upstream_invalid_response', `Cohere's response is not usable: ${problem}.`);
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
