import { ContextKey } from '@model-gateway/core';
import type { LimitsPolicy } from './limits-policy';

/**
 * The limits of the principal a call was authenticated as (a gateway key's own), applied
 * beside the endpoint's under the principal's scope. This plugin declares the field, as
 * the input it honours; the plugin that authenticates the call sets it (gateway-keys).
 */
export const PRINCIPAL_LIMITS = new ContextKey<LimitsPolicy>('rate-limits.principal-limits');
