import type { Aliases } from '../../shared/aliases';

/**
 * CI5's body: the official clients send `card_status` and `update_reason` (the domain's names); the
 * specification says Update Card Status takes `status` and `reason`, and the Python client's README
 * sends `status`. The door reads both.
 */
export const CARD_STATUS_SPELLINGS: Aliases = { at: [], names: { status: 'card_status', reason: 'update_reason' } };
