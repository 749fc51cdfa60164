import type Decimal from 'decimal.js';
import { Prisma, type Beneficiary, type Payout } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { createBeneficiaryInTx, holdActiveBeneficiary } from '../beneficiaries/contract';
import { beneficiaryErrors } from '../beneficiaries/errors';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { checkFileIds } from '../../onboarding/files/contract';
import { invalidField } from '../../../platform/validation/validate';
import { claimQuote } from '../fx/quotes-contract';
import { newId, shortReference } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import { addTransition } from '../../../platform/scheduler/transitions';
import type { ColumnValue, WriteSet } from '../../../platform/writes/write-set';
import { payoutErrors } from './errors';
import { addPayoutEvent } from './events';
import { payoutFee } from './fees';
import { debitWalletForPayout, payoutMoneyOf } from './ledger';
import { PAYOUT_SUBMIT } from './lifecycle';
import {
  checkAgainstBeneficiary,
  parseCreatePayout,
  submissionTime,
  utcDate,
  type BeneficiaryFacts,
  type CreatePayoutRequest,
  type PaymentMethod,
} from './rules';
import { toPayoutView, type PayoutView } from './view';
import { assertMayMoveMoney } from '../../onboarding/accounts/verification';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** bank_details is stored in its wire names (spec 2.12). */
function beneficiaryFacts(b: Beneficiary): BeneficiaryFacts {
  const bank = (b.bankDetails ?? {}) as Record<string, unknown>;
  return {
    paymentMethod: b.paymentMethod,
    accountCurrencyCode: text(bank.account_currency_code),
    clearingSystem: text(bank.clearing_system),
  };
}

/**
 * Claims the quote for this payout (one use, guarded) and checks the request against it: the
 * spec's payout_currency / payout_amount equal to its buy side, and — payrail's choice — currency /
 * amount equal to its sell side, so the wallet pays exactly what the quote priced.
 */
async function useQuote(reader: Tx, writes: WriteSet, ctx: RequestContext, req: CreatePayoutRequest, payoutId: string, now: Date) {
  const quote = await claimQuote(reader === ctx.db.prisma ? { db: ctx.db } : { tx: reader }, writes, {
    accountId: ctx.acting.id,
    quoteId: req.quoteId!,
    now,
    use: { type: 'PAYOUT', id: payoutId },
  });
  if (req.payoutCurrency !== quote.buyCurrency) throw payoutErrors.quoteMismatch('payoutCurrency', 'buy currency');
  if (!req.payoutAmount!.eq(money(quote.buyAmount))) throw payoutErrors.quoteMismatch('payoutAmount', 'buy amount');
  if (req.currency !== quote.sellCurrency) throw payoutErrors.quoteMismatch('currency', 'sell currency');
  if (!req.amount.eq(money(quote.sellAmount))) throw payoutErrors.quoteMismatch('amount', 'sell amount');
  return { quoteId: quote.id, payoutCurrency: quote.buyCurrency, payoutAmount: money(quote.buyAmount) };
}

/** A documentation `fileId` must name a file the acting account uploaded (AF6); files are never deleted. */
async function checkDocumentFiles(ctx: RequestContext, req: CreatePayoutRequest): Promise<void> {
  const ids = req.documentation.flatMap((d) => (d.fileId !== undefined ? [d.fileId] : []));
  const [missing] = await checkFileIds(ctx, ids);
  if (missing === undefined) return;
  const at = req.documentation.findIndex((d) => d.fileId === missing);
  throw invalidField(`documentation[${at}].fileId`, 'no uploaded file has this id (POST /v1/files/upload)');
}

function storedDocumentation(req: CreatePayoutRequest): Prisma.JsonValue {
  if (req.documentation.length === 0) return null;
  return req.documentation.map((d) => ({
    type: d.type ?? 'INVOICE',
    ...(d.file !== undefined ? { file: d.file } : {}),
    ...(d.fileId !== undefined ? { file_id: d.fileId } : {}),
  }));
}

/**
 * The writes of PO1 once the beneficiary is known: claim the quote, insert the payout
 * READY_TO_SEND, schedule its submission on payout_date, record the event and — last, so the
 * wallet's row lock is held for the shortest time — debit the payer's wallet (amount + fee;
 * insufficient funds refuse it all). `reader` reads the quote and the fee's rate.
 */
async function preparePayout(ctx: RequestContext, reader: Tx, req: CreatePayoutRequest, beneficiary: Beneficiary, now: Date, writes: WriteSet): Promise<PayoutView> {
  const { feePaidBy } = checkAgainstBeneficiary(req, beneficiaryFacts(beneficiary));
  const id = newId();
  const target: { quoteId: string | null; payoutCurrency: string; payoutAmount: Decimal } = req.quoteId
    ? await useQuote(reader, writes, ctx, req, id, now)
    : { quoteId: null, payoutCurrency: req.currency, payoutAmount: req.amount };
  const fee = await payoutFee(reader, req.currency, beneficiary.paymentMethod as PaymentMethod, feePaidBy, now);
  const shortReferenceId = shortReference('PO');
  const payout: Payout = {
    id,
    accountId: ctx.acting.id,
    shortReferenceId,
    status: 'READY_TO_SEND',
    beneficiaryId: beneficiary.id,
    quoteId: target.quoteId,
    sourceCurrency: req.currency,
    sourceAmount: new Prisma.Decimal(req.amount.toFixed()),
    payoutCurrency: target.payoutCurrency,
    payoutAmount: new Prisma.Decimal(target.payoutAmount.toFixed()),
    feeAmount: new Prisma.Decimal(fee.toFixed()),
    feeCurrency: req.currency,
    feePaidBy,
    paymentMethod: beneficiary.paymentMethod,
    purposeCode: req.purposeCode,
    payoutReference: req.payoutReference ?? shortReferenceId,
    payoutDate: new Date(`${req.payoutDate}T00:00:00Z`),
    isPayer: req.isPayer,
    payerId: req.payerId ?? null,
    documentation: storedDocumentation(req),
    failureReason: null,
    failureReturnedAmount: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
  writes.insertWithFreshReference('payouts', payout as unknown as Record<string, ColumnValue>);
  addTransition(writes, {
    accountId: ctx.acting.id,
    rootAccountId: rootOf(ctx.acting),
    kind: PAYOUT_SUBMIT,
    subjectId: id,
    dueAt: submissionTime(req.payoutDate, now),
    now,
  });
  const view = toPayoutView(payout);
  addPayoutEvent(writes, payout, 'payout.create.succeeded', now, view);
  debitWalletForPayout(writes, payoutMoneyOf(payout), now);
  return view;
}

/**
 * PO1 (spec 4.6): resolves or creates the beneficiary, claims the quote, debits the payer's wallet
 * (amount + fee; insufficient funds refuse it all), inserts the payout READY_TO_SEND, schedules its
 * submission on payout_date and records the event — all committed together. With beneficiary_id
 * the reads come first and the writes go through the group commit; an inline beneficiary is
 * created statement by statement in a transaction the payout's writes then join. Funds always
 * come from the acting account's wallet; is_payer / payer_id are kept for the record.
 */
export async function createPayout(ctx: RequestContext, raw: unknown): Promise<PayoutView> {
  assertMayMoveMoney(ctx.acting);
  const now = ctx.clock.now();
  const req = parseCreatePayout(raw, { today: utcDate(now), onBehalfOf: ctx.acting.id !== ctx.principal.accountId });
  await checkDocumentFiles(ctx, req);
  const beneficiaryId = req.beneficiaryId;
  if (beneficiaryId === undefined) {
    return ctx.commit('locking', async ({ tx, writes }) => {
      const beneficiary = await createBeneficiaryInTx(tx, ctx, req.beneficiary, { at: 'beneficiary' });
      return preparePayout(ctx, tx, req, beneficiary, now, writes);
    });
  }
  return ctx.commit(async ({ writes }) => {
    const beneficiary = await holdActiveBeneficiary(ctx, beneficiaryId, writes);
    if (!beneficiary) throw beneficiaryErrors.beneficiaryNotFound();
    return preparePayout(ctx, ctx.db.prisma, req, beneficiary, now, writes);
  });
}
