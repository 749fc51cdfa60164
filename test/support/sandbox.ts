import type { Client } from './client';

/** Moves the caller's sandbox tree's test clock forward; what falls due runs before it answers. */
export async function advance(c: Client, seconds: number): Promise<void> {
  const res = await c.post('/v1/simulation/clock/advance', { seconds }, { key: null });
  if (res.status !== 200) throw new Error(`advance failed: ${res.status} ${res.raw}`);
}
