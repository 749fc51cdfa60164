import type { ServiceDeps } from '../context';
import { parseInput } from '../validation/validate';
import { loadRates } from './rates';
import { setFxRateInput } from './rules';
import { toFxRateView, type FxRateView } from './view';

/**
 * Operator command (admin set-fx-rate), input in wire names (`currency`, `per_usd`): sets one
 * currency's mid rate; later quotes and rates use it.
 */
export async function setFxRate(deps: ServiceDeps, raw: unknown): Promise<FxRateView> {
  const input = parseInput(setFxRateInput, raw);
  const now = deps.clock.now();
  // Seeds a table that was never seeded first, so the other currencies keep their defaults.
  await loadRates(deps.db.prisma, now);
  const row = await deps.db.prisma.fxRate.upsert({
    where: { currency: input.currency },
    create: { currency: input.currency, perUsd: input.per_usd, updatedAt: now },
    update: { perUsd: input.per_usd, updatedAt: now },
  });
  return toFxRateView(row);
}
