import { Prisma } from '../../src/generated/prisma/client';
import type {
  Account,
  BankAccount,
  Beneficiary,
  Card,
  Cardholder,
  CardOrder,
  Deposit,
  IssuingTransfer,
  Payout,
  PaymentAttempt,
  PaymentIntent,
  PaymentPayout,
  PaymentTerminal,
  Refund,
  Rfi,
  VirtualAccount,
  VirtualAccountApplication,
} from '../../src/generated/prisma/client';
import type { Tx } from '../../src/platform/db/tx';
import type { Database } from '../../src/platform/db/client';
import { applyInTransaction } from '../../src/platform/writes/apply';
import { WriteSet } from '../../src/platform/writes/write-set';
import { addVerificationEvent } from '../../src/domain/onboarding/accounts/events';
import { recordBankAccountEvent } from '../../src/domain/acquiring/bank-accounts/events';
import { recordBeneficiaryEvent } from '../../src/domain/wallet/beneficiaries/events';
import { recordDefaultArtEvent } from '../../src/domain/issuing/card-arts/events';
import { addCardOrderEvent } from '../../src/domain/issuing/card-orders/events';
import { addCardTransactionEvent } from '../../src/domain/issuing/transactions/events';
import { addCardholderEvent } from '../../src/domain/issuing/cardholders/events';
import { addCardEvent, addChangedCardEvent, addNetworkProtectionEvent } from '../../src/domain/issuing/cards/events';
import { toNetworkProtectionView } from '../../src/domain/issuing/cards/network-protection-rules';
import { addDepositEvent } from '../../src/domain/wallet/deposits/events';
import { addConversionEvent } from '../../src/domain/wallet/fx/events';
import { addIssuingReportEvent } from '../../src/domain/issuing/reports/events';
import { addIssuingTransferEvent } from '../../src/domain/issuing/transfers/events';
import { addPaymentPayoutEvent } from '../../src/domain/acquiring/payouts/events';
import { addIntentEvent } from '../../src/domain/acquiring/payments/events';
import { addPayoutEvent, recordPayoutEvent } from '../../src/domain/wallet/payouts/events';
import { addRefundEvent } from '../../src/domain/acquiring/refunds/events';
import { addRfiEvent, eventFilesOf } from '../../src/domain/onboarding/rfis/events';
import { addSettlementBatchEvent } from '../../src/domain/acquiring/settlements/events';
import { recordTerminalEvent } from '../../src/domain/acquiring/terminals/events';
import { addTransferEvent } from '../../src/domain/wallet/transfers/events';
import { addApplicationEvent } from '../../src/domain/onboarding/virtual-account-applications/events';
import { toApplicationView } from '../../src/domain/onboarding/virtual-account-applications/view';
import { addVirtualAccountEvent } from '../../src/domain/wallet/virtual-accounts/events';
import { recordEndpointDisabled } from '../../src/domain/developers/webhooks/events';

/**
 * One case per event kind (and per variant a presenter branches on), each built from fixed rows, so
 * the webhook body of every kind can be compared byte for byte with the body the code produced
 * before events were stored as domain facts (golden-bodies.json).
 */

const D = (v: string) => new Prisma.Decimal(v);
const T = (iso: string) => new Date(iso);
const ACCOUNT = '0a000000-0000-4000-8000-000000000001';
const id = (n: number) => `0b000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const T1 = T('2026-11-21T10:00:00.123Z');
const T2 = T('2026-11-21T11:30:00.456Z');

const account: Account = {
  id: ACCOUNT,
  shortReferenceId: 'P260000001',
  parentId: null,
  name: 'Golden Ltd — ünïcode',
  entityType: 'COMPANY',
  businessTypes: ['BANKING', 'ISSUING'],
  status: 'ACTIVE',
  verificationStatus: 'APPROVED',
  reviewReason: null,
  country: 'SG',
  onboarding: null,
  isSandbox: true,
  createdAt: T1,
  updatedAt: T2,
};

const bankAccount: BankAccount = {
  id: id(1),
  accountId: ACCOUNT,
  accountName: 'Golden Ltd',
  accountNumber: '123456789012',
  bankName: 'Bank of Gold',
  swiftCode: 'GOLDSGSG',
  bankCountryCode: 'SG',
  bankAddress: '1 Gold Street',
  currency: 'SGD',
  bankCodeType: 'BANK_CODE',
  bankCodeValue: '7171',
  bankBranchCode: null,
  status: 'ACTIVE',
  createdAt: T1,
  updatedAt: T2,
};

const beneficiary: Beneficiary = {
  id: id(2),
  accountId: ACCOUNT,
  shortReferenceId: 'B260000001',
  entityType: 'INDIVIDUAL',
  paymentMethod: 'LOCAL',
  companyName: null,
  firstName: 'Ana',
  lastName: 'Gold',
  idNumber: null,
  email: 'ana@example.com',
  nickname: 'Ana',
  bankDetails: { account_name: 'Ana Gold', account_number: '000111222', bank_name: 'Chase', account_routing_type1: 'aba', account_routing_value1: '021000021', bank_country_code: 'US', account_currency: 'USD' },
  address: { street_address: '1 Main St', city: 'New York', state: 'NY', postcode: '10001', country_code: 'US' },
  additionalInfo: null,
  status: 'ACTIVE',
  createdAt: T1,
  updatedAt: T2,
  deletedAt: null,
  version: 1,
};

const cardOrder = (orderType: string, status: string, completedAt: Date | null): CardOrder => ({
  id: id(3),
  accountId: ACCOUNT,
  cardId: id(4),
  orderType,
  amount: D('125.5'),
  cardCurrency: 'USD',
  status,
  createdAt: T1,
  updatedAt: T2,
  completedAt,
  durationInDays: orderType === 'ELEVATE_LIMIT' ? 7 : null,
});

const cardholder = (over: Partial<Cardholder> = {}): Cardholder => ({
  id: id(5),
  accountId: ACCOUNT,
  rootAccountId: ACCOUNT,
  email: 'holder@example.com',
  emailKey: 'holder@example.com',
  firstName: 'Hol',
  lastName: 'Der',
  countryCode: '+65',
  phoneNumber: '81234567',
  dateOfBirth: '1990-01-31',
  gender: 'FEMALE',
  nationality: 'SG',
  residentialAddress: { country: 'SG', city: 'Singapore', line1: '1 Orchard Rd', postal_code: '238823' },
  deliveryAddress: null,
  identityType: 'PASSPORT',
  identityNumber: 'E1234567',
  status: 'ACTIVE',
  reviewStatus: 'APPROVED',
  idvStatus: 'SUCCESS',
  kycMethod: 'REDIRECT',
  idvUrlExpiresAt: T2,
  createdAt: T1,
  updatedAt: T2,
  ...over,
});

const card = (over: Partial<Card> = {}): Card => ({
  id: id(4),
  accountId: ACCOUNT,
  cardholderId: id(5),
  cardProductId: 'PRD-001',
  cardBin: '424242',
  cardScheme: 'VISA',
  formFactor: 'VIRTUAL',
  modeType: 'SINGLE',
  maskedPan: '424242******4242',
  nameOnCard: 'HOL DER',
  cardCurrency: 'USD',
  cardLimit: D('1000'),
  consumedAmount: D('12.3'),
  availableBalance: D('250.75'),
  authHeld: D('0'),
  spendingControls: [{ interval: 'PER_TRANSACTION', amount: '100.00' }],
  riskControls: { allowed_mcc: null, blocked_mcc: ['7995'], enable_3ds: 'Y' },
  metadata: { team: 'ops', 'ключ': 'значение', a: '1' },
  usageType: 'RECURRING',
  autoCancelTrigger: null,
  expiryAt: T('2027-01-01T00:00:00.000Z'),
  status: 'ACTIVE',
  updateReason: null,
  cardOrderId: id(3),
  orderStatus: 'SUCCESS',
  activatedAt: T1,
  pinHash: null,
  noPinPaymentAmount: null,
  cardArtId: id(6),
  networkProtectionActionCode: 'BLOCK_ALL',
  networkProtectionUpdatedAt: T2,
  baseCardLimit: null,
  limitElevatedUntil: null,
  createdAt: T1,
  updatedAt: T2,
  ...over,
});

const deposit = (status: string, completedAt: Date | null): Deposit => ({
  id: id(7),
  accountId: ACCOUNT,
  shortReferenceId: 'D260000001',
  amount: D('1500.5'),
  currency: 'USD',
  status,
  depositFee: D('1.25'),
  depositReference: 'REF-1',
  receiverAccountNumber: 'P260000001',
  senderName: 'Sender Co',
  senderCountry: 'US',
  senderAccountNumber: '99887766',
  senderSwiftCode: 'CHASUS33',
  failureReason: status === 'FAILED' ? 'test value' : null,
  createdAt: T1,
  updatedAt: T2,
  completedAt,
});

const issuingTransfer: IssuingTransfer = {
  id: id(8),
  accountId: ACCOUNT,
  shortTransactionId: 'IT260000001',
  transferType: 'TRANSFER_IN',
  sourceAccountId: ACCOUNT,
  destinationAccountId: ACCOUNT,
  currency: 'USD',
  amount: D('300'),
  remark: null,
  status: 'SUCCEEDED',
  creatorId: 'client-1',
  createdAt: T1,
  completedAt: T2,
};

const paymentPayout: PaymentPayout = {
  id: id(9),
  accountId: ACCOUNT,
  status: 'FAILED',
  currency: 'SGD',
  amount: D('42.1'),
  statementDescriptor: 'GOLDEN',
  internalNote: null,
  bankAccountId: id(1),
  payoutAccountId: null,
  failureReason: 'returned by the bank',
  createdAt: T1,
  updatedAt: T2,
  completedAt: T2,
};

const intent = (over: Partial<PaymentIntent> = {}): PaymentIntent => ({
  id: id(10),
  accountId: ACCOUNT,
  status: 'REQUIRES_CUSTOMER_ACTION',
  amount: D('99.9'),
  currency: 'USD',
  capturedAmount: D('0'),
  description: 'A golden order',
  merchantOrderId: 'order-1',
  metadata: { n: 1.5, big: 12345678901234567890, nested: { b: true, a: null }, list: [3, 'x'] },
  returnUrl: 'https://shop.example/return',
  availablePaymentMethodTypes: ['card'],
  customer: null,
  customerId: null,
  paymentOrders: null,
  ipAddress: null,
  browserInfo: null,
  clientSecretExpiresAt: T2,
  nextAction: { type: 'redirect_to_url', redirect_to_url: { url: '/3ds/challenge/abc', return_url: 'https://shop.example/return' } },
  latestAttemptId: id(11),
  cancellationReason: null,
  cancelledAt: null,
  completedAt: null,
  createdAt: T1,
  updatedAt: T2,
  ...over,
});

const attempt: PaymentAttempt = {
  id: id(11),
  accountId: ACCOUNT,
  paymentIntentId: id(10),
  status: 'AUTHENTICATION_REQUIRED',
  amount: D('99.9'),
  currency: 'USD',
  capturedAmount: D('0'),
  refundedAmount: D('0'),
  paymentMethodType: 'card',
  card: {
    card_name: null,
    card_number: '400000******0002',
    network: 'visa',
    brand: 'visa',
    bin: '400000',
    last4: '0002',
    card_type: 'credit',
    expiry_month: '12',
    expiry_year: '2030',
    authorization_type: 'final_auth',
    auto_capture: true,
    billing: { first_name: 'Ana', last_name: null, email: 'ana@example.com', phone_number: null, address: { country_code: 'US', city: 'NYC', street: null, postcode: '10001', state: null } },
  },
  cardFingerprint: null,
  authenticationData: { cvv_result: 'M', avs_result: 'Y', three_ds: { three_ds_version: '2.2.0', eci: '05', cavv: 'AAA=', three_ds_authentication_status: 'C', three_ds_cancellation_reason: '' } },
  failureCode: null,
  cancellationReason: null,
  authCode: null,
  arn: null,
  rrn: null,
  adviceCode: null,
  completedAt: null,
  createdAt: T1,
  updatedAt: T2,
};

const payout = (over: Partial<Payout> = {}): Payout => ({
  id: id(12),
  accountId: ACCOUNT,
  shortReferenceId: 'PO260000001',
  status: 'READY_TO_SEND',
  beneficiaryId: id(2),
  quoteId: null,
  sourceCurrency: 'USD',
  sourceAmount: D('100'),
  payoutCurrency: 'USD',
  payoutAmount: D('100'),
  feeAmount: D('2.5'),
  feeCurrency: 'USD',
  feePaidBy: null,
  paymentMethod: 'LOCAL',
  purposeCode: 'GOODS_PURCHASED',
  payoutReference: 'Invoice 7',
  payoutDate: T('2026-11-21T00:00:00.000Z'),
  isPayer: false,
  payerId: null,
  documentation: null,
  failureReason: null,
  failureReturnedAmount: null,
  createdAt: T1,
  updatedAt: T2,
  completedAt: null,
  ...over,
});

const refund: Refund = {
  id: id(13),
  accountId: ACCOUNT,
  paymentIntentId: id(10),
  paymentAttemptId: id(11),
  merchantOrderId: 'order-1',
  amount: D('10'),
  currency: 'USD',
  status: 'SUCCEEDED',
  reason: 'requested_by_customer',
  metadata: { why: 'size' },
  sourcePurpose: 'PAYMENT_AVAILABLE',
  failureReason: null,
  createdAt: T1,
  updatedAt: T2,
  completedAt: T2,
};

export const RFI_FILE_ID = id(14);

const rfi: Rfi = {
  id: id(15),
  accountId: ACCOUNT,
  rootAccountId: ACCOUNT,
  status: 'SUBMITTED_PENDING',
  questions: [
    { key: 'q1', comment: 'Proof of address', type: 'ATTACHMENT' },
    { key: 'q2', comment: 'Source of funds', type: 'TEXT' },
    { key: 'q3', comment: 'Unanswered', type: 'TEXT' },
  ],
  answers: [
    { key: 'q1', type: 'ATTACHMENT', attachments: [RFI_FILE_ID, id(99)] },
    { key: 'q2', type: 'TEXT', text: 'Salary' },
  ],
  createdAt: T1,
  updatedAt: T2,
  answeredAt: T2,
  reviewedAt: null,
};

const terminal: PaymentTerminal = {
  id: id(16),
  accountId: ACCOUNT,
  terminalId: 'T0000001',
  firmCode: 'PAX',
  firmSn: 'SN-1',
  terminalModel: 'A920',
  pinKeySealed: 'sealed-never-shown',
  pinKeyExpiresAt: T2,
  createdAt: T1,
  updatedAt: T2,
};

const virtualAccount = (over: Partial<VirtualAccount> = {}): VirtualAccount => ({
  id: id(17),
  accountId: ACCOUNT,
  rootAccountId: ACCOUNT,
  numberSeq: BigInt(7),
  currency: 'USD',
  paymentMethod: 'LOCAL',
  accountNumber: '8000000007',
  accountHolder: 'Golden Ltd',
  bankName: 'payrail sandbox bank',
  bankAddress: '1 Sandbox Way',
  bankCode: '026009593',
  swiftCode: 'PAYRUS33',
  countryCode: 'US',
  clearingSystemType: 'ACH',
  clearingSystemValue: '026009593',
  status: 'ACTIVE',
  closeReason: null,
  createdAt: T1,
  updatedAt: T2,
  activatedAt: T2,
  closedAt: null,
  applicationId: id(18),
  ...over,
});

const application: VirtualAccountApplication = {
  id: id(18),
  accountId: ACCOUNT,
  rootAccountId: ACCOUNT,
  country: 'US',
  currency: 'USD',
  paymentMethod: null,
  nickname: 'Main USD',
  status: 'COMPLETED',
  publicVersion: 3,
  results: [
    { payment_method: 'LOCAL', status: 'SUCCEEDED', error: null, virtual_account_ids: [id(17)] },
    { payment_method: 'SWIFT', status: 'FAILED', error: { code: 'UNSUPPORTED', message: 'not offered' }, virtual_account_ids: [] },
  ],
  createdAt: T1,
  updatedAt: T2,
} as unknown as VirtualAccountApplication;

export interface GoldenCase {
  /** A stable name: the event name, and the variant when one name has several. */
  name: string;
  /** Writes the case's event into the outbox in `tx`; answers its source_id. */
  emit(tx: Tx, db: Database): Promise<string>;
}

const inSet = async (tx: Tx, add: (w: WriteSet) => void | Promise<void>): Promise<void> => {
  const w = new WriteSet();
  await add(w);
  await applyInTransaction(tx, w);
};

export const GOLDEN_CASES: GoldenCase[] = [
  { name: 'account.verification.approved', emit: async (tx) => (await inSet(tx, (w) => addVerificationEvent(w, account as Account & { verificationStatus: 'APPROVED' }, T2)), ACCOUNT) },
  {
    name: 'account.verification.returned',
    emit: async (tx) => (await inSet(tx, (w) => addVerificationEvent(w, { ...account, verificationStatus: 'RETURN', reviewReason: 'blurred passport' } as Account & { verificationStatus: 'RETURN' }, T2)), ACCOUNT),
  },
  { name: 'bank_account.update.succeeded', emit: async (tx) => (await recordBankAccountEvent(tx, bankAccount, 'bank_account.update.succeeded', T2), bankAccount.id) },
  { name: 'beneficiary.create.succeeded', emit: async (tx) => (await recordBeneficiaryEvent(tx, beneficiary, 'create', T2), beneficiary.id) },
  { name: 'card_art.set_default.succeeded', emit: async (tx) => (await recordDefaultArtEvent(tx, ACCOUNT, { defaultCardArtId: id(6), updatedAt: T2 }), id(6)) },
  { name: 'card.recharge.succeeded', emit: async (tx) => (await inSet(tx, (w) => addCardOrderEvent(w, cardOrder('RECHARGE', 'SUCCESS', T2), T2)), id(4)) },
  { name: 'card.elevate_limit.pending', emit: async (tx) => (await inSet(tx, (w) => addCardOrderEvent(w, cardOrder('ELEVATE_LIMIT', 'PENDING', null), T2, 'card.elevate_limit.pending')), id(4)) },
  {
    name: 'card.authorization.declined',
    emit: async (tx) => (
      await inSet(tx, (w) =>
        addCardTransactionEvent(w, ACCOUNT, 'card.authorization.declined', {
          id: id(19),
          cardId: id(4),
          cardNumber: '424242******4242',
          cardholderId: id(5),
          shortTransactionId: 'CT260000001',
          originalTransactionId: null,
          transactionType: 'AUTHORIZATION',
          transactionStatus: 'DECLINED',
          transactionAmount: '12.34',
          transactionCurrency: 'EUR',
          billingAmount: '13.50',
          billingCurrency: 'USD',
          transactionFee: '0.00',
          transactionFeeCurrency: 'USD',
          feePassThrough: 'N',
          cardAvailableBalance: '250.75',
          merchant: { categoryCode: '5411', city: 'Paris', country: 'FR', name: 'Épicerie "Gold"' },
          authorizationCode: null,
          failureReason: 'INSUFFICIENT_FUNDS',
          decidedBy: 'PAYRAIL',
          partnerReferenceId: null,
          description: null,
          heldAmount: '0.00',
          transactionTime: T2,
          postedTime: null,
        }),
      ),
      id(19)
    ),
  },
  { name: 'cardholder.updated', emit: async (tx) => (await inSet(tx, (w) => addCardholderEvent(w, 'cardholder.updated', cardholder(), T2, 2)), id(5)) },
  {
    name: 'cardholder.kyc.status_changed (sparse holder)',
    emit: async (tx) => (
      await inSet(tx, (w) =>
        addCardholderEvent(w, 'cardholder.kyc.status_changed', cardholder({ dateOfBirth: null, gender: null, nationality: null, residentialAddress: null, identityType: null, idvStatus: null, kycMethod: null, status: 'PENDING' }), T2, 0),
      ),
      id(5)
    ),
  },
  { name: 'card.status.updated (SINGLE)', emit: async (tx) => (await inSet(tx, (w) => addCardEvent(w, 'card.status.updated', card({ status: 'FROZEN', updateReason: 'lost' }), T2)), id(4)) },
  { name: 'card.create.succeeded (SHARE)', emit: async (tx) => (await inSet(tx, (w) => addChangedCardEvent({ tx, writes: w }, 'card.create.succeeded', card({ modeType: 'SHARE', metadata: null, networkProtectionActionCode: null, networkProtectionUpdatedAt: null, limitElevatedUntil: T2 }), T2)), id(4)) },
  { name: 'card.network_protection.enrolled', emit: async (tx) => (await inSet(tx, (w) => addNetworkProtectionEvent(w, 'card.network_protection.enrolled', toNetworkProtectionView(card()), ACCOUNT, T2)), id(4)) },
  { name: 'deposit.create.succeeded', emit: async (tx) => (await inSet(tx, (w) => addDepositEvent(w, deposit('PENDING', null), 'deposit.create.succeeded', T1)), id(7)) },
  { name: 'deposit.complete.failed', emit: async (tx) => (await inSet(tx, (w) => addDepositEvent(w, deposit('FAILED', T2), 'deposit.complete.failed', T2)), id(7)) },
  {
    name: 'conversion.create.succeeded',
    emit: async (tx) => (
      await inSet(tx, (w) =>
        addConversionEvent(w, ACCOUNT, {
          id: id(20),
          shortReferenceId: 'C260000001',
          quoteId: id(21),
          sellCurrency: 'USD',
          sellAmount: '100.00',
          buyCurrency: 'EUR',
          buyAmount: '91.23',
          rate: '0.912300',
          currencyPair: 'USDEUR',
          conversionDate: '2026-11-21',
          status: 'COMPLETED',
          reference: null,
          createdAt: T1,
        }, T2),
      ),
      id(20)
    ),
  },
  { name: 'issuing_balance.transfer_in.succeeded', emit: async (tx) => (await inSet(tx, (w) => addIssuingTransferEvent(w, issuingTransfer, 'issuing_balance.transfer_in.succeeded', T2)), id(8)) },
  { name: 'payment_payout.complete.failed', emit: async (tx) => (await inSet(tx, (w) => addPaymentPayoutEvent(w, paymentPayout, 'payment_payout.complete.failed', T2)), id(9)) },
  { name: 'payment_intent.authenticate.pending', emit: async (tx) => (await inSet(tx, (w) => addIntentEvent(w, intent(), attempt, 'payment_intent.authenticate.pending', T2)), id(10)) },
  {
    name: 'payment_intent.create.succeeded (no attempt)',
    emit: async (tx) => (await inSet(tx, (w) => addIntentEvent(w, intent({ status: 'REQUIRES_PAYMENT_METHOD', metadata: null, nextAction: null, latestAttemptId: null, availablePaymentMethodTypes: [] }), null, 'payment_intent.create.succeeded', T1)), id(10)),
  },
  {
    name: 'payment_intent.cancel.succeeded',
    emit: async (tx) => (await inSet(tx, (w) => addIntentEvent(w, intent({ status: 'CANCELLED', nextAction: null, cancellationReason: 'abandoned', cancelledAt: T2, completedAt: T2 }), attempt, 'payment_intent.cancel.succeeded', T2)), id(10)),
  },
  { name: 'payout.create.succeeded', emit: async (tx) => (await inSet(tx, (w) => addPayoutEvent(w, payout(), 'payout.create.succeeded', T1)), id(12)) },
  {
    name: 'payout.complete.failed',
    emit: async (tx) => (
      await recordPayoutEvent(tx, payout({ status: 'FAILED', feePaidBy: 'OURS', paymentMethod: 'SWIFT', failureReason: 'account closed', failureReturnedAmount: D('100'), completedAt: T2 }), 'payout.complete.failed', T2), id(12)
    ),
  },
  { name: 'refund.complete.succeeded', emit: async (tx) => (await inSet(tx, (w) => addRefundEvent(w, refund, 'refund.complete.succeeded', T2)), id(13)) },
  { name: 'rfi.answer.succeeded', emit: async (tx, db) => (await inSet(tx, async (w) => addRfiEvent(w, rfi, 'rfi.answer.succeeded', T2, await eventFilesOf(db, rfi))), id(15)) },
  {
    name: 'settlement.create.succeeded',
    emit: async (tx) => (
      await inSet(tx, (w) =>
        addSettlementBatchEvent(w, ACCOUNT, { id: id(22), currency: 'SGD', itemCount: 3, settlementAmount: '1234.50', netSettlementAmount: '1200.00', totalFeeAmount: '34.50', settlementDate: T('2026-11-21T16:00:00.000Z') }, T2),
      ),
      id(22)
    ),
  },
  { name: 'terminal.pin_key_issue.succeeded', emit: async (tx) => (await recordTerminalEvent(tx, terminal, 'terminal.pin_key_issue.succeeded', T2), id(16)) },
  {
    name: 'transfer.create.succeeded',
    emit: async (tx) => (
      await inSet(tx, (w) =>
        addTransferEvent(w, ACCOUNT, {
          id: id(23),
          shortReferenceId: 'T260000001',
          entryId: id(24),
          sourceAccountId: ACCOUNT,
          sourceAccountName: 'Golden Ltd',
          targetAccountId: id(25),
          targetAccountName: 'Golden Sub',
          currency: 'USD',
          amount: '5.00',
          reason: 'top up',
          status: 'COMPLETED',
          createdBy: 'client-1',
          createdAt: T1,
          completedAt: T1,
        }, T1),
      ),
      id(23)
    ),
  },
  { name: 'virtual.account.update (application)', emit: async (tx) => (await inSet(tx, (w) => addApplicationEvent(w, toApplicationView(application, [virtualAccount()]), 'virtual.account.update', T2)), id(18)) },
  { name: 'virtual.account.closed', emit: async (tx) => (await inSet(tx, (w) => addVirtualAccountEvent(w, virtualAccount({ status: 'CLOSED', closeReason: 'by request', closedAt: T2 }), 'virtual.account.closed', T2)), id(17)) },
  {
    name: 'webhook_endpoint.disable.succeeded',
    emit: async (tx) => (
      await recordEndpointDisabled(tx, { id: id(26), accountId: ACCOUNT, url: 'https://hooks.example/in', eventNames: ['payout.create.succeeded'], status: 'DISABLED', consecutiveFailures: 5, createdAt: T1, updatedAt: T2 }, T2), id(26)
    ),
  },
  {
    name: 'issuing_report.create.succeeded',
    emit: async (tx) => (
      await inSet(tx, (w) =>
        addIssuingReportEvent(w, ACCOUNT, { id: id(27), reportType: 'TRANSACTION', startTime: T1, endTime: T2, status: 'COMPLETED', rowCount: 12, fileName: 'transactions.csv', createdAt: T2 }, T2),
      ),
      id(27)
    ),
  },
];

/** The file the RFI case links (its other attachment id names no file, and is left out). */
export const RFI_FILE_SQL = `INSERT INTO files (id, account_id, file_name, file_type, media_type, size, notes, storage, created_at, complete)
  VALUES ('${RFI_FILE_ID}', '${ACCOUNT}', 'proof.pdf', 'pdf', 'application/pdf', 2048, NULL, 'postgres', '${T1.toISOString()}', true)`;
