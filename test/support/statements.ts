import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * The SQL statements `work` sends, and its result: only those sent from its own async context, so
 * the test app's background loops (the scheduler, the outbox tail, the webhook pump), which query
 * through the same pg clients at any moment, are never counted with it.
 */
export async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
  const mine = new AsyncLocalStorage<true>();
  const texts: string[] = [];
  const original = pg.Client.prototype.query;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    if (mine.getStore()) {
      const q = args[0];
      texts.push(typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original);
  try {
    const result = await mine.run(true, work);
    return { result, texts };
  } finally {
    spy.mockRestore();
  }
}
