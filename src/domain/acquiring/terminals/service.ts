import { randomInt } from 'node:crypto';
import { lockRow } from '../../../platform/db/locks';
import type { CardDataKeyring } from '../../../platform/sealing/keys';
import type { RequestContext } from '../../../platform/context';
import { newId } from '../../../platform/ids/ids';
import { parseInput } from '../../../platform/validation/validate';
import { terminalErrors } from './errors';
import { recordTerminalEvent } from './events';
import { newPinKey, openPinKey, sealPinKey, wrapPinKey } from './pin-keys';
import { PIN_KEY_TTL_MS, pinKeyCommand, registerTerminalCommand } from './rules';
import { toTerminalView, type TerminalPinKeyView, type TerminalView } from './view';

/** A terminal id (TID) as the provider writes one: eight digits, the first a 1. */
const newTerminalId = (): string => `1${String(randomInt(10_000_000)).padStart(7, '0')}`;
const TID_ATTEMPTS = 5;

/**
 * payment.terminals.register: the terminal gets its TID. A terminal is registered once (the
 * provider's POS guide): registering the same manufacturer serial again answers the registration
 * it has, so a retry with a fresh idempotency key makes no second terminal; the same serial as
 * another model is refused. The manufacturer's side of registration is simulated: it always agrees.
 */
export async function registerTerminal(ctx: RequestContext, raw: unknown): Promise<TerminalView> {
  const req = parseInput(registerTerminalCommand, raw);
  return ctx.commit('locking', async ({ tx }) => {
    for (let i = 0; i < TID_ATTEMPTS; i++) {
      const now = ctx.clock.now();
      // Neither unique key aborts the transaction: a clash inserts nothing (ON CONFLICT DO NOTHING),
      // and a concurrent registration of the same serial is waited for, then found below.
      const [row] = await tx.paymentTerminal.createManyAndReturn({
        skipDuplicates: true,
        data: [
          {
            id: newId(),
            accountId: ctx.acting.id,
            terminalId: newTerminalId(),
            firmCode: req.firmCode,
            firmSn: req.firmSn,
            terminalModel: req.terminalModel,
            createdAt: now,
            updatedAt: now,
          },
        ],
      });
      if (row) {
        await recordTerminalEvent(tx, row, 'terminal.register.succeeded', now);
        return toTerminalView(row);
      }
      const registered = await tx.paymentTerminal.findFirst({ where: { accountId: ctx.acting.id, firmCode: req.firmCode, firmSn: req.firmSn } });
      if (registered) {
        if (registered.terminalModel !== req.terminalModel) throw terminalErrors.serialTaken(registered.terminalModel);
        return toTerminalView(registered);
      }
      // Only the random TID clashed with one of the account's terminals: draw another.
    }
    throw new Error(`no free terminal id after ${TID_ATTEMPTS} attempts`);
  });
}

/**
 * payment.terminals.get_pin_key: the terminal's current PIN key, wrapped in the caller's AES key.
 * While the key is valid every call answers the same key (a retry is harmless, and the idempotency
 * layer never has to keep it); an expired or first key is issued anew, valid a day. The terminal's
 * row is locked, so two concurrent calls agree on one key.
 */
export async function issueTerminalPinKey(ctx: RequestContext, keys: CardDataKeyring, raw: unknown): Promise<TerminalPinKeyView> {
  const req = parseInput(pinKeyCommand, raw);
  return ctx.commit('locking', async ({ tx }) => {
    const current = await lockRow(tx, 'payment_terminals', { accountId: ctx.acting.id, terminalId: req.terminalId });
    if (!current) throw terminalErrors.terminalNotFound();
    const now = ctx.clock.now();
    if (current.pinKeySealed && current.pinKeyExpiresAt && current.pinKeyExpiresAt > now) {
      const pinKey = openPinKey(keys, current.id, current.pinKeySealed);
      return { terminalId: current.terminalId, encryptPinKey: wrapPinKey(pinKey, req.prvKey), pinKeyExpiresAt: current.pinKeyExpiresAt };
    }
    const pinKey = newPinKey();
    const expiresAt = new Date(now.getTime() + PIN_KEY_TTL_MS);
    const row = await tx.paymentTerminal.update({
      where: { id: current.id },
      data: { pinKeySealed: sealPinKey(keys, current.id, pinKey), pinKeyExpiresAt: expiresAt, updatedAt: now },
    });
    await recordTerminalEvent(tx, row, 'terminal.pin_key_issue.succeeded', now);
    return { terminalId: row.terminalId, encryptPinKey: wrapPinKey(pinKey, req.prvKey), pinKeyExpiresAt: expiresAt };
  });
}
