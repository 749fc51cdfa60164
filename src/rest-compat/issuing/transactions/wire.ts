import {
  cardTransactionFilter,
  claimUnsolicitedRefundCommand,
  followUpCommand,
  refundCommand,
  simulateAuthorizationCommand,
  simulateUnsolicitedRefundCommand,
} from '../../../domain/issuing/transactions/rules';
import { wireCommand, type WireCommand } from '../../shared/command';

/**
 * A wire form that gives the same command object for the same body: the authorization keeps one
 * request's transaction id and customer verdict on the command object, for every time the
 * idempotency layer prepares the request again with the same body (transactions/authorize.ts).
 */
function sameCommandPerBody(wire: WireCommand): WireCommand {
  const commands = new WeakMap<object, unknown>();
  return {
    ...wire,
    toCommand(body) {
      if (body === null || typeof body !== 'object') return wire.toCommand(body);
      if (!commands.has(body)) commands.set(body, wire.toCommand(body));
      return commands.get(body);
    },
  };
}

/** SI2's body, with the READMEs' `amount` and `currency` read by the command itself. */
export const simulateAuthorizationWire = sameCommandPerBody(wireCommand(simulateAuthorizationCommand.in));

/** SI3's reversal and the clearing's body. */
export const followUpWire = wireCommand(followUpCommand);

/** The refund's body. */
export const refundWire = wireCommand(refundCommand);

/** The unsolicited refund simulation's body. */
export const simulateUnsolicitedRefundWire = wireCommand(simulateUnsolicitedRefundCommand);

/** The official clients' claimUnsolicitedRefund body. */
export const claimUnsolicitedRefundWire = wireCommand(claimUnsolicitedRefundCommand);

/** CI22's query string. */
export const cardTransactionFilterWire = wireCommand(cardTransactionFilter);
