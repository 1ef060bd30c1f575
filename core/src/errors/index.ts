export { ERROR_CODES, type ErrorCode, type ErrorCodeDefinition, type ErrorType } from './error-codes';
export { defineErrorCodes, ErrorCodeTable, type PluginErrorCode, type PluginErrorCodes } from './plugin-error-codes';
export { GatewayError, type AttemptFailure, type GatewayErrorOptions, type UpstreamErrorBody } from './gateway-error';
export { invalidParameterAt, paramPath, parseRequest } from './request-issues';
export { invalidUpstream } from './invalid-upstream';
export { unsupportedParameterAt } from './unsupported-parameter';
