import pg from 'pg';

/** Told of an error a connection reports outside any query: its session is gone. */
export type ConnectionLost = (err: Error) => void;

const ignore: ConnectionLost = () => undefined;

/**
 * Every PostgreSQL connection payrail opens is made here, so that none reports an error nobody
 * listens to. node-postgres emits `'error'` on a client whose session ends while no query of it is
 * running — the server restarted or crashed ("terminating connection due to unexpected postmaster
 * exit"), a failover, a network cut — and an `'error'` event without a listener ends the process.
 * Whoever holds the connection learns of the loss from its next statement, which fails; the
 * listener only keeps the event from being fatal (and may report it).
 */
export function newClient(config: pg.ClientConfig, onLost: ConnectionLost = ignore): pg.Client {
  const client = new pg.Client(config);
  client.on('error', onLost);
  return client;
}

/**
 * A pool whose clients always have an `'error'` listener. pg-pool listens to its idle clients only:
 * it takes its listener off a client while lending it, so a session lost between two statements of
 * a transaction, or just before the holder releases it, would be unhandled. Each client gets a
 * listener of its own once connected; pg-pool still drops an idle one that fails, and drops a lent
 * one that can no longer query when it comes back.
 */
export function newPool(config: pg.PoolConfig, onLost: ConnectionLost = ignore): pg.Pool {
  const pool = new pg.Pool(config);
  // pg-pool re-emits an idle client's error here; the client's own listener has reported it.
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', onLost));
  return pool;
}
