import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * JSON logs on stdout. Secrets are Secret instances that print as [redacted];
 * the redact list is a second net for header maps that pass through a log call.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'model-gateway' },
      redact: {
        paths: ['*.authorization', '*["x-api-key"]', '*["api-key"]', '*["x-goog-api-key"]', '*.api_key', '*.apiKey', 'headers.authorization'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
