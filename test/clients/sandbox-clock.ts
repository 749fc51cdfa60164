import type { TestApp } from '../support/app';

/**
 * Moves a sandbox tree's test clock forward through payrail's own extension
 * (`POST /v1/simulation/clock/advance`, no client has it), so that what the outside world does on
 * its own time — the bank opening an account, the compliance team reviewing an answer — happens
 * before the next client call, with no real time in the test.
 */
export async function advanceClock(t: TestApp, token: string, seconds: number): Promise<void> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/simulation/clock/advance',
    headers: { 'x-auth-token': `Bearer ${token}`, 'content-type': 'application/json' },
    payload: { seconds },
  });
  if (res.statusCode !== 200) throw new Error(`advance: ${res.statusCode} ${res.body}`);
}
