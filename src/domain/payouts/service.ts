import type Decimal from 'decimal.js';
import type { Beneficiary, Prisma } from '../../generated/prisma/client';
import { inTransaction, type Tx } from '../../db/tx';
import { createBeneficiaryInTx, findActiveBeneficiary } from '../beneficiaries/contract';
import { beneficiaryErrors } from '../beneficiaries/errors';
import { rootOf } from '../clock/test-clocks';
import type { RequestContext } from '../context';
import { claimQuote } from '../fx/quotes-contract';
import { insertWithFreshShortReference } from '../ids/fresh-short-reference';
import { newId } from '../ids/ids';
import { money } from '../money/amount';
import { scheduleTransition } from '../scheduler/transitions';
import { payoutErrors } from './errors';
import { recordPayoutEvent } from './events';
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

/** beneficiary_id names an active beneficiary of the acting account; an inline one is created here. */
async function resolveBeneficiary(tx: Tx, ctx: RequestContext, req: CreatePayoutRequest): Promise<Beneficiary> {
  if (req.beneficiaryId === undefined) return createBeneficiaryInTx(tx, ctx, req.beneficiary, { at: 'beneficiary' });
  const found = await findActiveBeneficiary(tx, ctx, req.beneficiaryId);
  if (!found) throw beneficiaryErrors.beneficiaryNotFound();
  return found;
}

/**
 * Claims the quote for this payout (one use, row-locked) and checks the request against it: the
 * spec's payout_currency / payout_amount equal to its buy side, and — payrail's choice — currency /
 * amount equal to its sell side, so the wallet pays exactly what the quote priced.
 */
async function useQuote(tx: Tx, ctx: RequestContext, req: CreatePayoutRequest, payoutId: string, now: Date) {
  const quote = await claimQuote(tx, {
    accountId: ctx.acting.id,
    quoteId: req.quoteId!,
    now,
    use: { type: 'PAYOUT', id: payoutId },
  });
  if (req.payoutCurrency !== quote.buyCurrency) throw payoutErrors.quoteMismatch('payout_currency', 'buy currency');
  if (!req.payoutAmount!.eq(money(quote.buyAmount))) throw payoutErrors.quoteMismatch('payout_amount', 'buy amount');
  if (req.currency !== quote.sellCurrency) throw payoutErrors.quoteMismatch('currency', 'sell currency');
  if (!req.amount.eq(money(quote.sellAmount))) throw payoutErrors.quoteMismatch('amount', 'sell amount');
  return { quoteId: quote.id, payoutCurrency: quote.buyCurrency, payoutAmount: money(quote.buyAmount) };
}

function storedDocumentation(req: CreatePayoutRequest): Prisma.InputJsonValue | undefined {
  if (req.documentation.length === 0) return undefined;
  return req.documentation.map((d) => ({
    type: d.type ?? 'INVOICE',
    ...(d.file !== undefined ? { file: d.file } : {}),
    ...(d.fileId !== undefined ? { file_id: d.fileId } : {}),
  }));
}

/**
 * PO1 (spec 4.6): one transaction resolves or creates the beneficiary, claims the quote, debits the
 * payer's wallet (amount + fee; insufficient funds refuse it all), inserts the payout READY_TO_SEND,
 * schedules its submission on payout_date and records the event. Funds always come from the acting
 * account's wallet; is_payer / payer_id are kept for the record.
 */
export async function createPayout(ctx: RequestContext, raw: unknown): Promise<PayoutView> {
  const now = ctx.clock.now();
  const req = parseCreatePayout(raw, { today: utcDate(now), onBehalfOf: ctx.acting.id !== ctx.principal.accountId });
  return inTransaction(ctx, async (tx) => {
    const beneficiary = await resolveBeneficiary(tx, ctx, req);
    const { feePaidBy } = checkAgainstBeneficiary(req, beneficiaryFacts(beneficiary));
    const id = newId();
    const target: { quoteId: string | null; payoutCurrency: string; payoutAmount: Decimal } = req.quoteId
      ? await useQuote(tx, ctx, req, id, now)
      : { quoteId: null, payoutCurrency: req.currency, payoutAmount: req.amount };
    const fee = await payoutFee(tx, req.currency, beneficiary.paymentMethod as PaymentMethod, feePaidBy, now);

    const payout = await insertWithFreshShortReference('PO', (shortReferenceId) =>
      tx.payout.createManyAndReturn({
        skipDuplicates: true,
        data: [
          {
            id,
            accountId: ctx.acting.id,
            shortReferenceId,
            status: 'READY_TO_SEND',
            beneficiaryId: beneficiary.id,
            quoteId: target.quoteId,
            sourceCurrency: req.currency,
            sourceAmount: req.amount.toFixed(),
            payoutCurrency: target.payoutCurrency,
            payoutAmount: target.payoutAmount.toFixed(),
            feeAmount: fee.toFixed(),
            feeCurrency: req.currency,
            feePaidBy,
            paymentMethod: beneficiary.paymentMethod,
            purposeCode: req.purposeCode,
            payoutReference: req.payoutReference,
            payoutDate: new Date(`${req.payoutDate}T00:00:00Z`),
            isPayer: req.isPayer,
            payerId: req.payerId ?? null,
            documentation: storedDocumentation(req),
            createdAt: now,
            updatedAt: now,
          },
        ],
      }),
    );
    await scheduleTransition(tx, {
      accountId: ctx.acting.id,
      rootAccountId: rootOf(ctx.acting),
      kind: PAYOUT_SUBMIT,
      subjectId: id,
      dueAt: submissionTime(req.payoutDate, now),
      now,
    });
    await recordPayoutEvent(tx, payout, 'payout.create.succeeded', now);
    // Last: the debit locks the wallet row until commit, so it is held for as short a time as can be.
    await debitWalletForPayout(tx, payoutMoneyOf(payout), now);
    return toPayoutView(payout);
  });
}
