import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Secrets never reach the logs: tokens and API keys in headers or bodies, card data, PINs and
 * uploaded documents, wherever they appear in a logged object.
 */
export const REDACTED_PATHS = [
  'req.headers["x-auth-token"]',
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["x-auth-token"]',
  'headers["x-api-key"]',
  'headers.authorization',
  ...['api_key', 'apiKey', 'auth_token', 'authToken', 'card_number', 'cardNumber', 'pan', 'cvv', 'cvc', 'pin',
    'file', 'front', 'back', 'front_file', 'back_file', 'hand_file', 'document', 'doc_str', 'password']
    .flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

export function createLogger(opts: { level: string; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: opts.level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'payrail' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    opts.destination,
  );
}
