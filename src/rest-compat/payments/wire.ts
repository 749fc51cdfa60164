import { DomainError, isDomainError } from '../../domain/errors/domain-error';
import { invalidField } from '../../domain/validation/validate';

/**
 * `payment_method.card` reaches the REST door in two spellings: the official clients' names
 * (`card_number`, `expiry_month`, `expiry_year`, the domain's) and the provider's own tool examples'
 * (`number`, `exp_month`, `exp_year`). The door turns the second into the first, so the domain reads
 * one card, and names a refused field as the caller spelled it.
 */
const OTHER_SPELLING = { number: 'card_number', exp_month: 'expiry_month', exp_year: 'expiry_year' } as const;

const CARD = 'payment_method.card';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface CardSpelling {
  /** The body with the card in the domain's names. */
  body: unknown;
  /** The same error naming the card's fields as the caller wrote them. */
  asSent(error: unknown): unknown;
}

const unchanged: Omit<CardSpelling, 'body'> = { asSent: (e) => e };

/** The body of PA1 or PA4 with its card in one spelling. Both spellings of one member must agree. */
export function cardInClientNames(body: unknown): CardSpelling {
  const method = isObject(body) ? body.payment_method : undefined;
  const card = isObject(method) ? method.card : undefined;
  if (!isObject(body) || !isObject(method) || !isObject(card)) return { body, ...unchanged };
  const named = { ...card };
  const sentAs = new Map<string, string>();
  for (const [theirs, ours] of Object.entries(OTHER_SPELLING)) {
    if (!(theirs in named)) continue;
    const value = named[theirs];
    delete named[theirs];
    if (ours in named) {
      if (named[ours] !== value) throw invalidField(`${CARD}.${theirs}`, `send it or ${ours}, not both with different values`);
      continue;
    }
    named[ours] = value;
    sentAs.set(`${CARD}.${ours}`, `${CARD}.${theirs}`);
  }
  if (sentAs.size === 0) return { body, ...unchanged };
  return {
    body: { ...body, payment_method: { ...method, card: named } },
    asSent: (error) => renamed(error, sentAs),
  };
}

function renamed(error: unknown, sentAs: Map<string, string>): unknown {
  if (!isDomainError(error) || error.field === undefined) return error;
  const field = sentAs.get(error.field);
  if (field === undefined) return error;
  const quoted = (text: string) => text.split(`'${error.field}'`).join(`'${field}'`);
  return new DomainError({
    code: error.code,
    message: quoted(error.message),
    status: error.status,
    kind: error.kind,
    field,
    ...(error.accountCenter ? { accountCenter: { ...error.accountCenter, message: quoted(error.accountCenter.message) } } : {}),
    ...(error.issuance ? { issuance: { ...error.issuance, message: quoted(error.issuance.message) } } : {}),
  });
}

/** Runs the domain's operation on the body in client names; its errors name fields as sent. */
export async function withCardInClientNames<T>(body: unknown, work: (body: unknown) => Promise<T>): Promise<T> {
  const spelling = cardInClientNames(body);
  try {
    return await work(spelling.body);
  } catch (e) {
    throw spelling.asSent(e);
  }
}
