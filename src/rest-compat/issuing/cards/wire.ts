import { createCardCommand, cardFilter, updateCardStatusCommand } from '../../../domain/issuing/cards/rules';
import { activateCardCommand, assignCardCommand, resetCardPinCommand, updateCardCommand } from '../../../domain/issuing/cards/operations-rules';
import { enrollNetworkProtectionCommand, removeNetworkProtectionCommand } from '../../../domain/issuing/cards/network-protection-rules';
import type { Aliases } from '../../shared/aliases';
import { wireCommand, type WireCommand } from '../../shared/command';
import { createCardholderWire } from '../cardholders/wire';

/**
 * CI5's body: the official clients send `card_status` and `update_reason` (the domain's names); the
 * specification says Update Card Status takes `status` and `reason`, and the Python client's README
 * sends `status`. The door reads both.
 */
export const CARD_STATUS_SPELLINGS: Aliases = { at: [], names: { status: 'card_status', reason: 'update_reason' } };

/** risk_controls holds objects renamed too; its 3DS members' names hold a digit the mechanical snake_case does not split. */
const riskControls = { nested: ['riskControls'], nestedNames: { enable3ds: 'enable_3ds', allow3dsTransactions: 'allow_3ds_transactions' } };

const createCard = wireCommand(createCardCommand, riskControls);

/**
 * CI1's body. cardholder_required_fields is a cardholder's body (CI14's wire form, its addresses
 * and identity nested in turn), or the part of one that fills an existing holder's gaps.
 */
export const createCardWire: WireCommand = {
  ...createCard,
  toCommand(body) {
    const command = createCard.toCommand(body);
    if (command === null || typeof command !== 'object' || Array.isArray(command)) return command;
    const { cardholderRequiredFields: fields, ...rest } = command as Record<string, unknown>;
    return fields === undefined ? rest : { ...rest, cardholderRequiredFields: createCardholderWire.toCommand(fields) };
  },
};

/** CI5's body: the status is `card_status` on the wire (and `status` is taken too, CARD_STATUS_SPELLINGS). */
export const updateCardStatusWire = wireCommand(updateCardStatusCommand, { names: { status: 'card_status' } });

/** CI2's query string: the status is `card_status` on the wire. */
export const cardFilterWire = wireCommand(cardFilter, { names: { status: 'card_status' } });

/** CI4's body. */
export const updateCardWire = wireCommand(updateCardCommand, riskControls);

/** CI10's body. */
export const activateCardWire = wireCommand(activateCardCommand);

/** CI11's body. */
export const assignCardWire = wireCommand(assignCardCommand);

/** CI13's body. */
export const resetCardPinWire = wireCommand(resetCardPinCommand);

/** The official clients' enrollNetworkProtection and removeNetworkProtection bodies. */
export const enrollNetworkProtectionWire = wireCommand(enrollNetworkProtectionCommand);
export const removeNetworkProtectionWire = wireCommand(removeNetworkProtectionCommand);
