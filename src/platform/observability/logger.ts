import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

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
  // card data: every name a PAN travels under in the issuing area; its sealed form is safe
  ...['primary_account_number', 'primaryAccountNumber', 'full_card_number', 'fullCardNumber', 'expire_date', 'activation_code']
    .flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
  // payment acceptance: a confirm's card, wherever a logged request or GraphQL input carries it
  // (the clients spell the number card_number, the provider's tool examples number: both are covered)
  ...['payment_method.card.number', 'payment_method.card.card_number', 'payment_method.card.cvc', 'paymentMethod.card.number', 'paymentMethod.card.cardNumber', 'paymentMethod.card.cvc']
    .flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]),
  // payment terminals: the caller's AES key and the PIN key it protects
  ...['prv_key', 'prvKey', 'encrypt_pin_key', 'encryptPinKey']
    .flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/**
 * JSON lines, one object per line, for log collectors; human-readable lines (pino-pretty, written
 * synchronously on this thread) when stdout is a terminal. `pretty` overrides the TTY check.
 */
export function createLogger(opts: { level: string; destination?: DestinationStream; pretty?: boolean }): Logger {
  const human = opts.pretty ?? (opts.destination === undefined && process.stdout.isTTY === true);
  const destination = human
    ? pretty({
        sync: true,
        colorize: opts.destination === undefined,
        singleLine: true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,service',
        destination: opts.destination ?? 1,
      })
    : opts.destination;
  return pino(
    {
      level: opts.level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'payrail' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
