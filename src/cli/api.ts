import { randomUUID } from 'node:crypto';
import type { CliCredentials } from './credentials';
import { CliFailure } from './errors';

// The REST answers the CLI reads: objects whose few fields it needs are checked where read.
export type JsonObject = Record<string, unknown>;

/**
 * The public REST API as any caller uses it: a token from POST /api/v1/connect/token, then calls with
 * x-auth-token, x-client-id and a fresh x-idempotency-key. The token is fetched again when it is
 * about to expire, so a long `listen` keeps working.
 */
export class PayrailApi {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly creds: CliCredentials,
  ) {}

  get clientId(): string {
    return this.creds.clientId;
  }

  /** Drops the token held, so the next call gets a new one (the server said it expired). */
  forgetToken(): void {
    this.token = undefined;
  }

  /** A valid access token (re-issued a minute before it expires). */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - 60_000 > Date.now()) return this.token.value;
    const body = await this.send('POST', '/v1/connect/token', { client_id: this.creds.clientId, api_key: this.creds.apiKey }, false);
    const value = body.auth_token;
    const expiredAt = body.expired_at;
    if (typeof value !== 'string') throw new CliFailure('the token endpoint answered no auth_token');
    this.token = { value, expiresAt: typeof expiredAt === 'number' ? expiredAt * 1000 : Date.now() + 5 * 60_000 };
    return value;
  }

  get(path: string): Promise<JsonObject> {
    return this.send('GET', path, undefined, true);
  }

  post(path: string, body: unknown): Promise<JsonObject> {
    return this.send('POST', path, body, true);
  }

  private async send(method: 'GET' | 'POST', path: string, body: unknown, authed: boolean): Promise<JsonObject> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (authed) {
      headers['x-auth-token'] = `Bearer ${await this.accessToken()}`;
      headers['x-client-id'] = this.creds.clientId;
      if (method === 'POST') headers['x-idempotency-key'] = randomUUID();
    }
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (err) {
      throw new CliFailure(`cannot reach payrail at ${this.baseUrl}: ${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (res.status !== 200 || typeof json !== 'object' || json === null) {
      throw new CliFailure(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
    }
    return json as JsonObject;
  }
}

/** A string field of an answer, or a clear failure naming it. */
export function field(body: JsonObject, name: string): string {
  const v = body[name];
  if (typeof v !== 'string') throw new CliFailure(`expected ${name} in ${JSON.stringify(body).slice(0, 300)}`);
  return v;
}
