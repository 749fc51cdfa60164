/**
 * Every event payrail writes to the outbox, with its envelope's event_type. Names read
 * `<object>.<action>.<outcome>` (the provider's `card.create.succeeded`); virtual accounts use the
 * three names the official client documents for them, exactly. event_type values are the official
 * client's list (`WebhookEventType`); `recordEvent` takes a name from here and derives the type, so
 * an event can neither be misspelled nor filed under the wrong type.
 */

/** The envelope's event_type: the official client's list (catalogue section 5). */
export type EventType = 'ISSUING' | 'ACQUIRING' | 'DEPOSIT' | 'PAYOUT' | 'BENEFICIARY' | 'CONVERSION' | 'VIRTUAL' | 'RFI' | 'ONBOARDING';

export const EVENT_CATALOGUE = {
  /** SI1 accepted the deposit. */
  'deposit.create.succeeded': 'DEPOSIT',
  /** The deposit is COMPLETED and its amount credited to the wallet. */
  'deposit.complete.succeeded': 'DEPOSIT',
  /** The deposit is FAILED (the sandbox test value); nothing was credited. */
  'deposit.complete.failed': 'DEPOSIT',

  /** PO1 accepted the payout (READY_TO_SEND; amount and fee debited). */
  'payout.create.succeeded': 'PAYOUT',
  /** Submitted to the bank: PENDING. */
  'payout.submit.succeeded': 'PAYOUT',
  /** Refused before it left: REJECTED, amount and fee returned. */
  'payout.submit.failed': 'PAYOUT',
  /** The bank paid it: COMPLETED. */
  'payout.complete.succeeded': 'PAYOUT',
  /** The bank returned it: FAILED, amount returned. */
  'payout.complete.failed': 'PAYOUT',

  'beneficiary.create.succeeded': 'BENEFICIARY',
  'beneficiary.update.succeeded': 'BENEFICIARY',
  'beneficiary.delete.succeeded': 'BENEFICIARY',

  /** BT9: a conversion completes when it is made. */
  'conversion.create.succeeded': 'CONVERSION',

  /**
   * BT6: a transfer completes when it is made. The client's list has no TRANSFER type; a transfer is
   * money the account sends out of a wallet on its own instruction, as a payout is (DEPOSIT is money
   * arriving from outside payrail), so it is filed under PAYOUT.
   */
  'transfer.create.succeeded': 'PAYOUT',

  /** Opened (PENDING). */
  'virtual.account.create': 'VIRTUAL',
  /** Changed state other than closing (PENDING -> ACTIVE). */
  'virtual.account.update': 'VIRTUAL',
  'virtual.account.closed': 'VIRTUAL',

  // Settlement bank accounts and payment payouts.
  /** BA1 registered a settlement bank account. */
  'bank_account.create.succeeded': 'ACQUIRING',
  /** BA4 changed one (its account_status may change with it). */
  'bank_account.update.succeeded': 'ACQUIRING',
  /** PA16 accepted the payment payout (INITIATED; the amount left the available payment balance). */
  'payment_payout.create.succeeded': 'ACQUIRING',
  /** Sent to the bank (or the internal account): PROCESSING. */
  'payment_payout.submit.succeeded': 'ACQUIRING',
  /** Arrived: SUCCEEDED. */
  'payment_payout.complete.succeeded': 'ACQUIRING',
  /** Returned: FAILED, the amount back in the available payment balance. */
  'payment_payout.complete.failed': 'ACQUIRING',
  // Acquiring: refunds and settlements.
  /** PA8 accepted the refund (INITIATED; amount taken from the payment balance). */
  'refund.create.succeeded': 'ACQUIRING',
  /** Sent to the card network: PROCESSING. */
  'refund.process.succeeded': 'ACQUIRING',
  /** Back on the card: SUCCEEDED. */
  'refund.complete.succeeded': 'ACQUIRING',
  /** The network refused it: FAILED, amount returned to the payment balance. */
  'refund.complete.failed': 'ACQUIRING',
  /** A daily cut settled a batch of captures (one event per batch), or a sandbox capture settled at once (one item). */
  'settlement.create.succeeded': 'ACQUIRING',
  // Payment acceptance: PaymentIntents (src/domain/acquiring/payments/events.ts).
  /** PA1: created, REQUIRES_PAYMENT_METHOD. */
  'payment_intent.create.succeeded': 'ACQUIRING',
  /** PA3 changed it. */
  'payment_intent.update.succeeded': 'ACQUIRING',
  /** PA4: the card was authorized (REQUIRES_CAPTURE, or SUCCEEDED with auto capture). */
  'payment_intent.confirm.succeeded': 'ACQUIRING',
  /** PA4: the card was declined (REQUIRES_PAYMENT_METHOD again, or FAILED on a hard decline). */
  'payment_intent.confirm.failed': 'ACQUIRING',
  /** PA4: 3-D Secure asks for a challenge (REQUIRES_CUSTOMER_ACTION). */
  'payment_intent.authenticate.pending': 'ACQUIRING',
  /** The challenge was completed on the 3-D Secure page. */
  'payment_intent.authenticate.succeeded': 'ACQUIRING',
  /** The challenge failed on the 3-D Secure page (REQUIRES_PAYMENT_METHOD again). */
  'payment_intent.authenticate.failed': 'ACQUIRING',
  /** A capture the network answers later: PENDING (nothing posted yet). */
  'payment_intent.capture.pending': 'ACQUIRING',
  /** PA5, the capture of an auto-capture confirm, or the network's answer to a pending one: SUCCEEDED, captured amount posted. */
  'payment_intent.capture.succeeded': 'ACQUIRING',
  /** PA6, or the release of an authorization left uncaptured for 7 days: CANCELLED. */
  'payment_intent.cancel.succeeded': 'ACQUIRING',
  // Payment terminals (src/domain/acquiring/terminals/events.ts): the official clients' payment.terminals.
  /** A POS terminal was registered and given its terminal_id. */
  'terminal.register.succeeded': 'ACQUIRING',
  /** A new PIN key was issued to the terminal (the payload says when it expires, never the key). */
  'terminal.pin_key_issue.succeeded': 'ACQUIRING',

  // Card issuing: cardholders (src/domain/issuing/cardholders/events.ts).
  /** CI14 created a cardholder. */
  'cardholder.create.succeeded': 'ISSUING',
  /** CI17 changed a cardholder: the official client's name for it. */
  'cardholder.updated': 'ISSUING',
  /** cardholder_status or idv_status changed (a simulated check started or completed): the official client's name. */
  'cardholder.kyc.status_changed': 'ISSUING',
  // Cards (src/domain/issuing/cards/events.ts).
  /** CI1's card order moved to PROCESSING. */
  'card.create.processing': 'ISSUING',
  /** CI1's card order succeeded: the card is ACTIVE. */
  'card.create.succeeded': 'ISSUING',
  /** CI5 (freeze, unfreeze, cancel) or the expiry_at cancel changed card_status. */
  'card.status.updated': 'ISSUING',
  // Issuing money (src/domain/issuing/transfers, src/domain/issuing/card-orders).
  /** payrail's funding extension moved money from the wallet to the issuing balance. */
  'issuing_balance.transfer_in.succeeded': 'ISSUING',
  /** payrail's funding extension moved money from the issuing balance back to the wallet. */
  'issuing_balance.transfer_out.succeeded': 'ISSUING',
  /** A sandbox master's issuing balance received its test funds (issuing-transfers/sandbox-funds.ts). */
  'issuing_balance.test_funds.succeeded': 'ISSUING',
  /** CI24 moved money between two issuing balances of one tree. */
  'issuing_transfer.create.succeeded': 'ISSUING',
  /** CI8 moved money from the issuing balance onto a SINGLE card. */
  'card.recharge.succeeded': 'ISSUING',
  /** CI9 moved money from a SINGLE card back to the issuing balance. */
  'card.withdraw.succeeded': 'ISSUING',
  // Card transactions (src/domain/issuing/transactions/events.ts).
  /** SI2: an authorization was approved; its billing amount is held. */
  'card.authorization.approved': 'ISSUING',
  /** SI2: an authorization was declined (failure_reason says why); no money moved. */
  'card.authorization.declined': 'ISSUING',
  /** SI3: a hold was released, in full or in part. */
  'card.reversal.succeeded': 'ISSUING',
  /** An authorization was cleared (captured), for its amount or another. */
  'card.clearing.succeeded': 'ISSUING',
  /** A merchant's refund came back to the card. */
  'card.refund.succeeded': 'ISSUING',
  /** A refund nobody asked for reached a card; it is held (PENDING) until the account claims it. */
  'card.unsolicited_refund.pending': 'ISSUING',
  /** The account claimed an unsolicited refund: it is APPROVED and credited. */
  'card.unsolicited_refund.succeeded': 'ISSUING',
  // Card operations (src/domain/issuing/cards/operations.ts).
  /** CI4 changed a card's limit, no-PIN amount, controls or metadata. */
  'card.update.succeeded': 'ISSUING',
  // The official clients' card capabilities.
  /** setDefaultArt: the acting account's new cards get another art. */
  'card_art.set_default.succeeded': 'ISSUING',
  /** managePin set or changed a physical card's PIN (the data is the order; never the PIN). */
  'card.manage_pin.succeeded': 'ISSUING',
  /** elevateLimit was accepted: the order is PENDING until the simulated issuer applies it. */
  'card.elevate_limit.pending': 'ISSUING',
  /** The elevated limit is in force (SUCCESS). */
  'card.elevate_limit.succeeded': 'ISSUING',
  /** The simulated issuer refused it: the card was cancelled, or its limit reached the amount meanwhile. */
  'card.elevate_limit.failed': 'ISSUING',
  /** The elevation's days ran out: the card's limit is back to what it was. */
  'card.elevate_limit.expired': 'ISSUING',
  /** enrollNetworkProtection: the network answers authorizations of the card with the action code. */
  'card.network_protection.enrolled': 'ISSUING',
  /** removeNetworkProtection: the network passes the card's authorizations to the issuer again. */
  'card.network_protection.removed': 'ISSUING',
  // Issuing reports (src/domain/issuing/reports).
  /** CI26 generated a report; its CSV is ready to download (CI27). */
  'issuing_report.create.succeeded': 'ISSUING',

  // Onboarding: the verification of an account made by AF1, AF2 or createSubAccount.
  /** Created and under review (PENDING). */
  'account.verification.pending': 'ONBOARDING',
  'account.verification.approved': 'ONBOARDING',
  'account.verification.rejected': 'ONBOARDING',
  /** RETURN: documents must be uploaded again. */
  'account.verification.returned': 'ONBOARDING',
  'account.verification.expired': 'ONBOARDING',

  // RFIs: the compliance team's requests for information about an account (src/domain/onboarding/rfis).
  /** Asked: ACTION_REQUIRED. */
  'rfi.create.succeeded': 'RFI',
  /** Answered: SUBMITTED_PENDING. */
  'rfi.answer.succeeded': 'RFI',
  /** The answers were accepted: APPROVED. */
  'rfi.review.succeeded': 'RFI',
  /** The answers were rejected: REJECTED. */
  'rfi.review.failed': 'RFI',

  // Webhooks.
  /**
   * The endpoint was DISABLED after too many FAILED deliveries in a row. The client's list has no
   * webhook type; ONBOARDING is the type of the account's own set-up (its verification), which an
   * endpoint is part of (docs/decisions/developers/webhooks.md).
   */
  'webhook_endpoint.disable.succeeded': 'ONBOARDING',
} as const satisfies Record<string, EventType>;

export type EventName = keyof typeof EVENT_CATALOGUE;

export const eventTypeOf = (name: EventName): EventType => EVENT_CATALOGUE[name];
