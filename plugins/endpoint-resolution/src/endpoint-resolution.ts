import { inject, injectable } from 'tsyringe';
import { CallContext, GatewayError, TOKENS, type Endpoint, type EndpointTarget, type PipelinePlugin, type Target } from '@model-gateway/core';
import { ConnectionRegistry, EndpointRegistry } from '@model-gateway/core/internal';
import { RESOLUTION_ERRORS } from './resolution-error-codes';

interface Resolved {
  targets: Target[];
  /** The connections the targets were built from: a reload that replaces one invalidates the entry. */
  connections: unknown[];
}

/**
 * The resolve phase: the endpoint a call names, checked against the body's kind,
 * becomes its candidate targets — the split's targets (weight above 0), then the
 * fallbacks. The circuit breaker and the traffic split (later in the phase) narrow
 * that to what this call tries. Targets are built once per endpoint and reused.
 */
@injectable()
export class EndpointResolution implements PipelinePlugin {
  readonly name = 'endpoint-resolution';
  readonly priority = 100;
  private readonly cache = new WeakMap<Endpoint, Resolved>();

  constructor(
    @inject(TOKENS.EndpointRegistry) private readonly endpoints: EndpointRegistry,
    @inject(TOKENS.ConnectionRegistry) private readonly connections: ConnectionRegistry,
  ) {}

  resolve(call: CallContext): void {
    const endpoint = this.endpoints.get(call.endpointName);
    if (!endpoint) {
      throw new GatewayError('endpoint_not_found', `Endpoint "${call.endpointName}" does not exist.`, { param: 'model' });
    }
    if (endpoint.kind !== call.kind) {
      throw new GatewayError(
        RESOLUTION_ERRORS.endpoint_kind_mismatch,
        `Endpoint "${endpoint.name}" is a ${endpoint.kind} endpoint and cannot take a ${call.kind} request.`,
      );
    }
    call.endpoint = endpoint;
    call.targets = this.targetsOf(endpoint);
  }

  private targetsOf(endpoint: Endpoint): Target[] {
    const cached = this.cache.get(endpoint);
    if (cached && cached.connections.every((c, i) => this.connections.get(cached.targets[i].connectionName)?.connection === c)) return cached.targets;
    const targets = [
      ...endpoint.targets.filter((t) => t.weight > 0).map((t) => this.target(endpoint, t, 'split')),
      ...endpoint.fallbacks.map((t) => this.target(endpoint, t, 'fallback')),
    ];
    this.cache.set(endpoint, { targets, connections: targets.map((t) => t.connection) });
    return targets;
  }

  private target(endpoint: Endpoint, target: EndpointTarget, role: Target['role']): Target {
    const live = this.connections.get(target.provider);
    if (!live) throw new GatewayError('internal_error', `Endpoint "${endpoint.name}" names provider "${target.provider}", which has no connection.`);
    return {
      key: `${target.provider}/${target.model}`,
      connectionName: target.provider,
      connection: live.connection,
      definition: live.definition,
      model: target.model,
      catalogModel: target.catalogModel,
      timeouts: endpoint.timeouts,
      role,
      weight: role === 'split' ? target.weight : 0,
    };
  }
}
