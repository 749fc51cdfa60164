import { createPaymentPayoutCommand, paymentPayoutFilter } from '../../../domain/acquiring/payouts/rules';
import { wireCommand } from '../../shared/command';

/** PA16's body: the command's members in snake_case. */
export const createPaymentPayoutWire = wireCommand(createPaymentPayoutCommand, { id: 'CreatePaymentPayoutRequest' });

/** PA17's query string: the status is `payout_status` on the wire. */
export const paymentPayoutFilterWire = wireCommand(paymentPayoutFilter, { names: { status: 'payout_status' } });
