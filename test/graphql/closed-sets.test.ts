import 'reflect-metadata';
import { getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema, type GraphQLType } from 'graphql';
import { buildGraphQLSchema } from '../../src/resolvers/schema';
import { screamingCase } from '../../src/resolvers/shared/enums';

/**
 * A field whose values are a closed set (a status, a type, a network, ...) is a GraphQL enum, built
 * from the domain's own array (src/resolvers/shared/enums.ts), never a String. The walk below finds
 * every String field, input field and argument whose name says it holds such a set; each that stays
 * a String is listed here with the reason.
 */
const CLOSED_SET_WORDS = [
  'status', 'type', 'types', 'network', 'mode', 'scheme', 'form', 'kind', 'level', 'reason', 'strategy', 'trigger', 'side',
  'method', 'result', 'brand', 'interval', 'gender', 'role', 'purpose', 'outcome', 'decidedBy', 'dayOfWeek', 'eventName', 'eventNames',
];

/** `status`, or a camelCase name ending in one of the words (`cardScheme`, `routingCodeType1`). */
export function namesClosedSet(name: string): boolean {
  const n = name.replace(/\d+$/, '');
  return CLOSED_SET_WORDS.some((w) => n === w || n.endsWith(w[0]!.toUpperCase() + w.slice(1)));
}

const FREE_TEXT = 'free text the caller (or an operator) writes';
const DOTTED_EVENT_NAMES = 'event names are dotted (payment_intent.created), not valid GraphQL enum names';

/** String fields whose name says "closed set" but whose values are not one, or cannot be enum values. */
const STAYS_STRING: Readonly<Record<string, string>> = {
  'Account.reviewReason': `${FREE_TEXT}: why verification ended`,
  'Card.updateReason': FREE_TEXT,
  'UpdateCardStatusInput.updateReason': FREE_TEXT,
  'CloseVirtualAccountInput.reason': FREE_TEXT,
  'VirtualAccount.closeReason': FREE_TEXT,
  'CreateRefundInput.reason': FREE_TEXT,
  'Refund.reason': FREE_TEXT,
  'CreateTransferInput.reason': FREE_TEXT,
  'Transfer.reason': FREE_TEXT,
  'CreateQuoteInput.transactionType': `${FREE_TEXT}, kept on the quote`,
  'Quote.transactionType': `${FREE_TEXT}, kept on the quote`,
  'PaymentOrdersInput.type': `${FREE_TEXT}: the merchant's own order type`,
  'Deposit.failureReason': 'a sentence for people, not a code',
  'Payout.failureReason': 'a sentence for people, not a code',
  'PaymentPayout.failureReason': 'a sentence for people, not a code',
  'Refund.failureReason': 'a sentence for people, not a code',
  'CardTransaction.failureReason': "payrail's reason or the customer's decision endpoint's own response code: open",
  'ThreeDs.threeDsCancellationReason': 'the empty string when there is none, which no enum value can be',
  'BeneficiaryAdditionalInfo.idType': "the receiving country's identification types: open, as country codes are",
  'BeneficiaryAdditionalInfoInput.idType': "the receiving country's identification types: open, as country codes are",
  'BeneficiaryBankDetails.routingCodeType1': "the receiving country's routing code names: open, as country codes are",
  'BeneficiaryBankDetails.routingCodeType2': "the receiving country's routing code names: open, as country codes are",
  'BeneficiaryBankDetailsInput.routingCodeType1': "the receiving country's routing code names: open, as country codes are",
  'BeneficiaryBankDetailsInput.routingCodeType2': "the receiving country's routing code names: open, as country codes are",
  'VirtualAccountClearingSystem.type': "each currency's clearing system (ACH, FPS, ...): open, as currencies are",
  'BalanceTransactionFilter.transactionType': 'the filter is lenient (trimmed, upper-cased; an unknown kind matches nothing) and refuses a blank value with a field error',
  'IssuingBalanceTransactionFilter.transactionType': 'the filter is lenient (trimmed, upper-cased; an unknown kind matches nothing) and refuses a blank value with a field error',
  'CreateWebhookEndpointInput.eventNames': DOTTED_EVENT_NAMES,
  'UpdateWebhookEndpointInput.eventNames': DOTTED_EVENT_NAMES,
  'WebhookEndpoint.eventNames': DOTTED_EVENT_NAMES,
  'WebhookDelivery.eventName': DOTTED_EVENT_NAMES,
  'WebhookDeliveryFilterInput.eventName': DOTTED_EVENT_NAMES,
  'Event.type': DOTTED_EVENT_NAMES,
  'EventFilter.types': DOTTED_EVENT_NAMES,
};

const isString = (t: GraphQLType): boolean => getNamedType(t).name === 'String';

/** Every String field, input field and argument of the schema, as `Type.field` or `Type.field(arg)`. */
function stringMembers(schema: GraphQLSchema): { path: string; name: string }[] {
  const out: { path: string; name: string }[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type) || isInputObjectType(type))) continue;
    for (const field of Object.values(type.getFields())) {
      if (isString(field.type)) out.push({ path: `${type.name}.${field.name}`, name: field.name });
      for (const arg of 'args' in field ? field.args : []) {
        if (isString(arg.type)) out.push({ path: `${type.name}.${field.name}(${arg.name})`, name: arg.name });
      }
    }
  }
  return out;
}

/** Every String field, input field and argument with its description. */
function stringMembersWithDescriptions(schema: GraphQLSchema): { path: string; description: string }[] {
  const out: { path: string; description: string }[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type) || isInputObjectType(type))) continue;
    for (const field of Object.values(type.getFields())) {
      if (isString(field.type)) out.push({ path: `${type.name}.${field.name}`, description: field.description ?? '' });
      for (const arg of 'args' in field ? field.args : []) {
        if (isString(arg.type)) out.push({ path: `${type.name}.${field.name}(${arg.name})`, description: arg.description ?? '' });
      }
    }
  }
  return out;
}

/** A value set that is the API's Y/N flag. */
const isYesNo = (values: readonly string[]): boolean => values.length === 2 && values.includes('Y') && values.includes('N');
/** A description that says its String holds Y or N. */
const saysYesNo = (description: string): boolean => /\bY ?(\/|or) ?N\b|["']Y["']|["']N["']/.test(description);

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildGraphQLSchema();
});

describe('closed sets are GraphQL enums', () => {
  it('no String field, input field or argument is named for a closed set, except the listed ones', () => {
    const strings = stringMembers(schema).filter((m) => namesClosedSet(m.name)).map((m) => m.path);
    expect(strings.filter((p) => !(p in STAYS_STRING)).sort()).toEqual([]);
  });

  it('each listed exception is still a String the walk finds (the list names no field that is gone or already an enum)', () => {
    const found = new Set(stringMembers(schema).filter((m) => namesClosedSet(m.name)).map((m) => m.path));
    expect(Object.keys(STAYS_STRING).filter((p) => !found.has(p))).toEqual([]);
  });

  it('no Y/N flag is a String or an enum: each is a Boolean (true is Y)', () => {
    // A Y/N flag shows either as an enum over Y and N or as a String its description calls Y/N.
    const yesNoEnums = Object.values(schema.getTypeMap()).filter((t) => isEnumType(t) && isYesNo(t.getValues().map((v) => String(v.value))));
    expect(yesNoEnums.map((t) => t.name)).toEqual([]);
    const yesNoStrings = stringMembersWithDescriptions(schema).filter((m) => saysYesNo(m.description)).map((m) => m.path);
    expect(yesNoStrings).toEqual([]);
  });

  it('the Y/N walk recognises what it is meant to', () => {
    expect(isYesNo(['Y', 'N'])).toBe(true);
    expect(isYesNo(['Y', 'N', 'U'])).toBe(false);
    expect(['Y or N', 'Y/N', '"Y" to ask for 3DS', "'N': never"].every(saysYesNo)).toBe(true);
    expect(['Yearly or monthly', 'Y: the billing postcode matched', 'NY state', 'YYYY-MM-DD'].some(saysYesNo)).toBe(false);
  });

  it('the walk recognises the names it is meant to', () => {
    expect(['status', 'cardScheme', 'routingCodeType1', 'availablePaymentMethodTypes', 'decidedBy', 'cvvResult'].every(namesClosedSet)).toBe(true);
    expect(['state', 'description', 'statusCode', 'countryCode', 'typeface'].some(namesClosedSet)).toBe(false);
  });

  /** Enums whose names are not the domain strings, because those are not valid GraphQL names. */
  const MAPPED: Readonly<Record<string, string>> = {
    TerminalManufacturer: "the REST firm codes start with a digit ('01'): each value names the firm, and resolves to its code",
    ApiKeyPermission: "a permission's name holds dots ('issuing.cards.read_sensitive'): each value is the name in SCREAMING_CASE, and resolves to it",
  };

  it('every enum value is SCREAMING_CASE, and is the screamingCase of the domain string it stands for', () => {
    // A mutation's userError codes (<Area>ErrorCode) are the area's declared codes in SCREAMING_CASE
    // too (docs/graphql.md#errors), each resolving to its code.
    const errorCodes = (name: string) => name.endsWith('ErrorCode');
    const enums = Object.values(schema.getTypeMap()).filter((t) => isEnumType(t) && !t.name.startsWith('__'));
    const values = enums.flatMap((t) => (isEnumType(t) ? t.getValues().map((v) => ({ type: t.name, name: v.name, value: v.value as unknown })) : []));
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((v) => !/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(v.name)).map((v) => `${v.type}.${v.name}`)).toEqual([]);
    const notMapped = values.filter((v) => !(v.type in MAPPED) && !errorCodes(v.type));
    expect(notMapped.filter((v) => typeof v.value !== 'string' || screamingCase(v.value) !== v.name).map((v) => `${v.type}.${v.name}`)).toEqual([]);
  });

  it('screamingCase names the domain strings as the convention says', () => {
    expect(['Invalid', 'bank_code', 'pre_authorization', 'enforce_3ds', 'non_2xx', 'bankCode', 'ACTIVE', 'issuing.cards.read_sensitive'].map(screamingCase))
      .toEqual(['INVALID', 'BANK_CODE', 'PRE_AUTHORIZATION', 'ENFORCE_3DS', 'NON_2XX', 'BANK_CODE', 'ACTIVE', 'ISSUING_CARDS_READ_SENSITIVE']);
  });
});
