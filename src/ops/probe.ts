import { newClient } from '../platform/db/connections';
import { describeDatabaseUrl, StartupError } from '../platform/runtime/startup-error';

/**
 * Connects once to DATABASE_URL before anything else uses it, so that an unreachable server, a
 * wrong password or a missing database stops start-up with one message saying which.
 */
export async function probeDatabase(url: string, timeoutMs = 10_000): Promise<void> {
  const client = newClient({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw unreachable(url, error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function unreachable(url: string, error: unknown): StartupError {
  const where = describeDatabaseUrl(url);
  const reason = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  if (code === '28P01' || code === '28000') {
    return new StartupError(`the PostgreSQL at ${where} refused the credentials in DATABASE_URL (${reason})`, 'correct the user and password in DATABASE_URL', { cause: error });
  }
  if (code === '3D000') {
    return new StartupError(`the database named in DATABASE_URL does not exist (${reason})`, 'create it (createdb), or correct the database name in DATABASE_URL', { cause: error });
  }
  return new StartupError(
    `cannot reach the PostgreSQL at ${where} named by DATABASE_URL (${reason})`,
    'start that server or correct DATABASE_URL; unset DATABASE_URL to use the embedded PostgreSQL instead',
    { cause: error },
  );
}
