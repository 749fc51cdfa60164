/**
 * The beneficiaries table keeps bank_details, address and additional_info as JSON in spec 2.12's
 * names (`bank_name`, `account_currency_code`): the views, the events' facts and the JSON path
 * filters read them so, and rows already stored keep their meaning. The commands speak the domain's
 * names (`bankName`); the two meet here, at the edge of the store, member by member.
 */

const BANK_DETAILS = {
  bankName: 'bank_name',
  bankAddress: 'bank_address',
  bankCountryCode: 'bank_country_code',
  accountHolder: 'account_holder',
  accountCurrencyCode: 'account_currency_code',
  swiftCode: 'swift_code',
  clearingSystem: 'clearing_system',
  accountNumber: 'account_number',
  iban: 'iban',
  routingCodeType1: 'routing_code_type1',
  routingCodeValue1: 'routing_code_value1',
  routingCodeType2: 'routing_code_type2',
  routingCodeValue2: 'routing_code_value2',
} as const;

const ADDRESS = {
  country: 'country',
  city: 'city',
  streetAddress: 'street_address',
  postalCode: 'postal_code',
  state: 'state',
  nationality: 'nationality',
} as const;

const ADDITIONAL_INFO = {
  organizationCode: 'organization_code',
  proxyId: 'proxy_id',
  idType: 'id_type',
  idNumber: 'id_number',
  taxId: 'tax_id',
  msisdn: 'msisdn',
} as const;

type Members<M extends Record<string, string>> = { [K in keyof M]?: string };
type Stored<M extends Record<string, string>> = { [K in keyof M as M[K]]?: string };

export type StoredBankDetails = Stored<typeof BANK_DETAILS>;
export type StoredAddress = Stored<typeof ADDRESS>;
export type StoredAdditionalInfo = Stored<typeof ADDITIONAL_INFO>;

function toStored<M extends Record<string, string>>(names: M) {
  return (members: Members<M>): Stored<M> => {
    const out: Record<string, string> = {};
    for (const [member, column] of Object.entries(names)) {
      const value = members[member as keyof M];
      if (value !== undefined) out[column] = value;
    }
    return out as Stored<M>;
  };
}

function fromStored<M extends Record<string, string>>(names: M) {
  return (stored: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [member, column] of Object.entries(names)) {
      if (Object.hasOwn(stored, column)) out[member] = stored[column];
    }
    return out;
  };
}

export const storedBankDetails = toStored(BANK_DETAILS);
export const storedAddress = toStored(ADDRESS);
export const storedAdditionalInfo = toStored(ADDITIONAL_INFO);

/** A stored nested object in the command's names (the base a PO7 patch merges onto). */
export const bankDetailsMembersOf = fromStored(BANK_DETAILS);
export const addressMembersOf = fromStored(ADDRESS);
export const additionalInfoMembersOf = fromStored(ADDITIONAL_INFO);
