import { GatewayError } from '../errors/gateway-error';

/** body-parser reports its failures by `type`; they are the client's mistakes, not ours. */
export function toGatewayError(error: unknown, bodyLimit: string): GatewayError {
  if (error instanceof GatewayError) return error;
  switch ((error as { type?: string })?.type) {
    case 'entity.parse.failed':
      return new GatewayError('invalid_json', `The request body is not valid JSON: ${(error as Error).message}`);
    case 'entity.too.large':
      return new GatewayError('request_too_large', `The request body exceeds the ${bodyLimit} limit.`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new GatewayError('unsupported_media_type', (error as Error).message);
    case 'request.aborted':
      return new GatewayError('client_closed_request', 'The client closed the connection while sending the body.');
    default:
      return GatewayError.from(error);
  }
}
