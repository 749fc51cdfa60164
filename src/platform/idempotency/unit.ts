import type { Tx } from '../db/tx';
import type { ServiceDeps } from '../context';
import type { UnitOfWork } from '../writes/commit';
import { WriteSet } from '../writes/write-set';

/** The key is held by a concurrent request (its transaction holds the advisory lock). */
export class KeyBusy extends Error {}

/** What the layer needs of an earlier use of a key. */
export interface PreviousUse {
  endpoint: string;
  requestHash: string;
  createdAt: Date;
  responseStatus: number;
  responseBody: string;
}

/** The key was used before: the layer answers from the stored record. */
export class KeyUsed extends Error {
  constructor(readonly previous: PreviousUse) {
    super('idempotency key used before');
  }
}

/** payrail_idempotency_claim's answer (prisma/functions/payrail_idempotency_claim.sql): null when the key is free. */
type Claim = { o: 'processing' } | { o: 'previous'; endpoint: string; hash: string; created_at: string; status: number; body: string } | null;

type Finish = (tx: Tx) => Promise<unknown>;

/**
 * One request's unit of work inside the idempotency layer. Write sets are deferred and committed by
 * the layer with the answer. A service that works statement by statement opens the unit's Prisma
 * transaction (`transaction()`): it takes the key's advisory lock and checks for an earlier use
 * first, then stays open — across the door's rendering of the answer — until the layer finishes it
 * with the stored record, or abandons it (rollback).
 */
export class IdempotentUnit implements UnitOfWork {
  readonly writes = new WriteSet();
  private readonly committedHooks: Array<() => void> = [];
  private opened?: Promise<Tx>;
  private outcome?: Promise<unknown>;
  private gate?: { finish: (f: Finish) => void; abandon: (e: unknown) => void };

  constructor(
    private readonly deps: ServiceDeps,
    private readonly accountId: string,
    private readonly key: string,
  ) {}

  get transactionOpened(): boolean {
    return this.opened !== undefined;
  }

  afterCommit(fn: () => void): void {
    this.committedHooks.push(fn);
  }

  /** The layer calls this once the unit's writes committed (either path). */
  committed(): void {
    for (const fn of this.committedHooks.splice(0)) fn();
  }

  defer(writes: WriteSet): void {
    this.writes.append(writes);
  }

  /** Throws KeyUsed (the layer answers from the record) when the key has a stored answer already. */
  async replayIfUsed(): Promise<void> {
    const previous = await this.deps.db.prisma.idempotencyKey.findUnique({ where: { accountId_key: { accountId: this.accountId, key: this.key } } });
    if (previous) throw new KeyUsed(previous);
  }

  transaction(): Promise<Tx> {
    this.opened ??= new Promise<Tx>((resolveTx, rejectTx) => {
      this.outcome = this.deps.db.prisma.$transaction(
        async (tx) => {
          // The group commit's own claim (the key's lock, then its earlier use): one text of both.
          const idem = JSON.stringify({ account_id: this.accountId, key: this.key });
          const [row] = await tx.$queryRaw<{ claim: Claim }[]>`SELECT payrail_idempotency_claim(${idem}::jsonb) AS claim`;
          const claim = row?.claim ?? null;
          if (claim?.o === 'processing') throw new KeyBusy();
          if (claim?.o === 'previous') {
            throw new KeyUsed({
              endpoint: claim.endpoint,
              requestHash: claim.hash,
              createdAt: new Date(claim.created_at),
              responseStatus: claim.status,
              responseBody: claim.body,
            });
          }
          await tx.$executeRawUnsafe('SAVEPOINT idempotent_work');
          const finish = await new Promise<Finish>((finishWith, abandon) => {
            this.gate = { finish: finishWith, abandon };
            resolveTx(tx);
          });
          return finish(tx);
        },
        { maxWait: 10_000, timeout: 30_000 },
      );
      this.outcome.catch(rejectTx);
    });
    return this.opened;
  }

  /** Runs `f` as the last step of the open transaction, then commits; answers what `f` answered. */
  async finish<T>(f: (tx: Tx) => Promise<T>): Promise<T> {
    await this.opened;
    this.gate!.finish(f);
    return (await this.outcome) as T;
  }

  /** Rolls the open transaction (if any) back. */
  async abandon(): Promise<void> {
    if (!this.opened) return;
    try {
      await this.opened;
    } catch {
      return;
    }
    this.gate!.abandon(new Error('abandoned'));
    await this.outcome!.catch(() => undefined);
  }
}
