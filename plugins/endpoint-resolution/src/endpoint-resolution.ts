import { inject, injectable } from 'tsyringe';
import { CallContext, ConnectionRegistry, EndpointRegistry, GatewayError, TOKENS, type PipelinePlugin } from '@model-gateway/core';

/**
 * The resolve phase: the endpoint a call names, checked against the body's kind,
 * becomes the ordered list of targets. Traffic split and fallbacks reorder or
 * extend `call.targets` after this plugin (higher priority numbers).
 */
@injectable()
export class EndpointResolution implements PipelinePlugin {
  readonly name = 'endpoint-resolution';
  readonly priority = 100;

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
        'endpoint_kind_mismatch',
        `Endpoint "${endpoint.name}" is a ${endpoint.kind} endpoint and cannot take a ${call.kind} request.`,
      );
    }
    const live = this.connections.get(endpoint.provider);
    if (!live) throw new GatewayError('internal_error', `Endpoint "${endpoint.name}" names provider "${endpoint.provider}", which has no connection.`);
    call.endpoint = endpoint;
    call.targets = [
      { connectionName: endpoint.provider, connection: live.connection, definition: live.definition, model: endpoint.model, timeouts: endpoint.timeouts },
    ];
  }
}
