import { cardholderFilter, createCardholderCommand, updateCardholderCommand } from '../../../domain/issuing/cardholders/rules';
import { wireCommand } from '../../shared/command';

/** The members that hold objects whose own members are snake_case on the wire. */
const nested = ['residentialAddress', 'deliveryAddress', 'identity'];

/** CI14's body. */
export const createCardholderWire = wireCommand(createCardholderCommand, { nested });

/** CI17's body: the same members, all optional. */
export const updateCardholderWire = wireCommand(updateCardholderCommand, { nested });

/** CI15's query string: the status is `cardholder_status` on the wire. */
export const cardholderFilterWire = wireCommand(cardholderFilter, { names: { status: 'cardholder_status' } });
