/**
 * Load against a spawned server over plain HTTP (fetch), for tests that kill and restart it: a
 * cut connection is an outcome to record, not an error to throw.
 */

/** An answer as it arrived: status, the body byte for byte, and whether the server marked it a replay. */
export interface Answer {
  status: number;
  body: string;
  replayed: boolean;
}

/** Where to send and as whom: a server's base URL and a token of the account that acts. */
export interface RestCaller {
  base: string;
  token: string;
  clientId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One POST with the headers ref sends; undefined when no answer came (refused, reset or timed out). */
export async function postJson(caller: RestCaller, path: string, body: unknown, key: string, timeoutMs = 15_000): Promise<Answer | undefined> {
  try {
    const res = await fetch(`${caller.base}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-auth-token': `Bearer ${caller.token}`,
        'x-client-id': caller.clientId,
        'x-idempotency-key': key,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: await res.text(), replayed: res.headers.get('idempotent-replayed') === 'true' };
  } catch {
    return undefined;
  }
}

/**
 * Runs `task` over `items` with at most `concurrency` of them in flight, in list order. Once
 * `stop()` is true no further item starts; those already started run to their end.
 */
export async function runPool<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>, stop: () => boolean = () => false): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (!stop() && next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}

/**
 * The idempotency layer's "a request with this key is still running" answer: 400 with body code
 * 200 in the account-center family (spec 7.1); a 409 is taken the same way, as other APIs send it.
 */
export function isProcessing(a: Answer): boolean {
  if (a.status === 409) return true;
  if (a.status !== 400) return false;
  try {
    return (JSON.parse(a.body) as { code?: unknown }).code === 200;
  } catch {
    return false;
  }
}

/**
 * Sends until a final answer arrives, retrying "processing" answers and cut connections with a
 * growing pause; gives up (throws) once `deadline` (epoch ms) has passed.
 */
export async function sendUntilAnswered(send: () => Promise<Answer | undefined>, deadline: number): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const answer = await send();
    if (answer && !isProcessing(answer)) return answer;
    if (Date.now() > deadline) {
      throw new Error(`no final answer before the deadline; last: ${answer ? `${answer.status} ${answer.body}` : 'no answer'}`);
    }
    await sleep(Math.min(20 * 2 ** attempt, 250));
  }
}
