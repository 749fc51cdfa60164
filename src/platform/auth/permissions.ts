/**
 * Permissions an API key can hold beyond ordinary API access. Spec 5.7: retrieving sensitive card
 * details needs a permission on the key. Managing API keys over GraphQL (list, create, disable,
 * rotate) needs one too: a key that can mint keys is worth more than the account's data it reads.
 */
export const Permission = {
  SensitiveCardDetails: 'issuing.cards.read_sensitive',
  ManageApiKeys: 'developers.api_keys.manage',
} as const;

export type Permission = (typeof Permission)[keyof typeof Permission];

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(Permission);

export const isPermission = (value: string): value is Permission =>
  (ALL_PERMISSIONS as readonly string[]).includes(value);
