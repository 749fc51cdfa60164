import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { decodeJwt } from 'jose';
import type { z } from 'zod';
import type { TestApp } from '../support/app';
import { CLIENT_METHODS, methodOf, type ClientMethod, type SdkName } from './catalog';

/**
 * A caller that sends exactly what one of the provider's official clients sends, read from their
 * sources (facts only, no code of theirs):
 *
 * - the token: `POST /v1/connect/token` with `x-client-id`, `x-api-key` and
 *   `Content-Type: application/json` headers and no body; `auth_token` and `expired_at` read back,
 *   the acting account from the token's `entity_id` claim;
 * - Node (HttpClient.request): `Content-Type: application/json` on every call but a multipart one,
 *   `User-Agent: uqpay-node/<v> node/<v>`, `x-auth-token: Bearer <token>`, a fresh UUID v4
 *   `x-idempotency-key` on every call, GET included; the body is `JSON.stringify(body)`; the query
 *   is `URLSearchParams` over `String(value)` of every defined value (an array becomes `a,b`);
 * - Python (HttpClient.request): `User-Agent: uqpay-python/<v> python/<v>`, `x-idempotency-key`
 *   only when the verb is not GET, `Content-Type: application/json` only when there is a body,
 *   `x-auth-token: Bearer <token>`; the body is `json.dumps(body, default=str)` (its `", "` and
 *   `": "` separators, non-ASCII escaped); the query is `urlencode` of every value but None, a list
 *   as repeated keys, `True`/`False` as Python writes them;
 * - both: `x-client-id: <client id>` on every call of the payment resources (PaymentBaseResource),
 *   `x-on-behalf-of` when the caller passes it.
 *
 * `call` sends one catalogued method, requires a 2xx answer as the client does (it throws
 * otherwise) and parses the JSON into the type the client declares (a zod schema of it). Every
 * method called is remembered, so `replayedEveryMethod` can hold the catalogue to the file.
 */

export const NODE_USER_AGENT = `uqpay-node/0.3.1 node/${process.version}`;
export const PYTHON_USER_AGENT = 'uqpay-python/2.0.0 python/3.11.7';

export interface CallArgs {
  /** Values for the path's `{placeholders}`. */
  params?: Record<string, string>;
  /** Query parameters, serialised as the client serialises them. */
  query?: Record<string, unknown>;
  /** The JSON body (omitted: the client sends none). */
  body?: unknown;
  /** A body the test built byte for byte (a multipart upload): replaces `body`. */
  raw?: { payload: Buffer | string; contentType: string };
  /** Headers the caller passes per request (`x-on-behalf-of`, its own `x-idempotency-key`). */
  headers?: Record<string, string>;
}

export interface SentReply {
  status: number;
  body: unknown;
  raw: string;
  headers: Record<string, string | string[] | number | undefined>;
}

const replayed = new Set<string>();
const keyOf = (m: ClientMethod) => `${m.sdk} ${m.name}`;

export class Sdk {
  private constructor(
    readonly t: TestApp,
    readonly sdk: SdkName,
    readonly clientId: string,
    readonly token: string,
    /** The token's `entity_id`: the account the client acts as. */
    readonly accountId: string,
  ) {}

  /** Exchanges the credentials for a token the way both clients' TokenManager does. */
  static async connect(t: TestApp, sdk: SdkName, creds: { clientId: string; apiKey: string }): Promise<Sdk> {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/connect/token',
      headers: { 'x-client-id': creds.clientId, 'x-api-key': creds.apiKey, 'Content-Type': 'application/json' },
    });
    if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`token: ${res.statusCode} ${res.body}`);
    const answer = res.json() as { auth_token: string; expired_at: number };
    if (typeof answer.auth_token !== 'string' || !Number.isInteger(Number(answer.expired_at))) {
      throw new Error(`token: the answer is not what the clients read: ${res.body}`);
    }
    const entityId = String(decodeJwt(answer.auth_token).entity_id ?? '');
    return new Sdk(t, sdk, creds.clientId, answer.auth_token, entityId);
  }

  /**
   * Sends a catalogued method and parses its 2xx answer into the client's declared type; any other
   * status fails the test with the answer, as the client would throw.
   */
  async call<S extends z.ZodType>(name: string, args: CallArgs, declared: S): Promise<z.infer<S>> {
    const reply = await this.send(name, args);
    if (reply.status < 200 || reply.status > 299) {
      throw new Error(`${this.sdk} ${name}: ${reply.status} ${reply.raw}`);
    }
    const parsed = declared.safeParse(reply.body);
    if (!parsed.success) {
      throw new Error(`${this.sdk} ${name}: the answer does not parse into the client's type: ${JSON.stringify(parsed.error.issues.slice(0, 5))}\n${reply.raw}`);
    }
    replayed.add(keyOf(methodOf(this.sdk, name)));
    return parsed.data as z.infer<S>;
  }

  /** Sends a catalogued method as the client does and returns whatever came back (error cases). */
  async send(name: string, args: CallArgs = {}): Promise<SentReply> {
    const method = methodOf(this.sdk, name);
    if ('unsupported' in method.status) throw new Error(`${this.sdk} ${name} is catalogued as unsupported`);
    const url = `/api${fillPath(method.path, args.params ?? {})}${queryString(this.sdk, args.query)}`;
    const headers: Record<string, string> = {};
    let payload: Buffer | string | undefined;
    if (this.sdk === 'node') {
      if (!args.raw) headers['Content-Type'] = 'application/json';
      headers['User-Agent'] = NODE_USER_AGENT;
      Object.assign(headers, args.headers);
      headers['x-auth-token'] = `Bearer ${this.token}`;
      headers['x-idempotency-key'] = args.headers?.['x-idempotency-key'] ?? randomUUID();
      payload = args.raw?.payload ?? (args.body !== undefined ? JSON.stringify(args.body) : undefined);
    } else {
      headers['User-Agent'] = PYTHON_USER_AGENT;
      if (method.verb !== 'GET') headers['x-idempotency-key'] = args.headers?.['x-idempotency-key'] ?? randomUUID();
      if (args.body !== undefined && !args.raw) headers['Content-Type'] = 'application/json';
      headers['x-auth-token'] = `Bearer ${this.token}`;
      for (const [k, v] of Object.entries(args.headers ?? {})) if (k.toLowerCase() !== 'x-idempotency-key') headers[k] = v;
      payload = args.raw?.payload ?? (args.body !== undefined ? pythonJsonDumps(args.body) : undefined);
    }
    if (args.raw) headers['Content-Type'] = args.raw.contentType;
    if (method.name.startsWith('payment.')) headers['x-client-id'] = this.clientId;
    const res = await this.t.inject({ method: method.verb, url, headers, ...(payload !== undefined ? { payload } : {}) });
    const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
    let body: unknown = res.body;
    if (isJson || res.body.startsWith('{') || res.body.startsWith('[')) {
      try {
        body = JSON.parse(res.body);
      } catch {
        body = res.body;
      }
    }
    return { status: res.statusCode, body, raw: res.body, headers: res.headers };
  }
}

function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}

function queryString(sdk: SdkName, query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  if (sdk === 'node') {
    const s = new URLSearchParams(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ).toString();
    return s ? `?${s}` : '';
  }
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) parts.push(`${quotePlus(k)}=${quotePlus(pythonStr(item))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Python's `str()` of a JSON-like value as `urlencode` writes it. */
function pythonStr(v: unknown): string {
  if (v === true) return 'True';
  if (v === false) return 'False';
  return String(v);
}

/** `urllib.parse.quote_plus`: unreserved characters kept, space as `+`, the rest %XX of UTF-8. */
function quotePlus(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.~-]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * `json.dumps(value, default=str)` with Python's defaults: `", "` and `": "` separators and
 * `ensure_ascii` (every character outside space..tilde escaped as \uXXXX, short escapes for the
 * usual controls). Numbers are written as JavaScript writes them: a test that needs Python's float
 * spelling (`100.0`) passes the number as it wants it written through a string field instead.
 */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN';
  if (typeof value === 'string') return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${pythonString(k)}: ${pythonJsonDumps(v)}`).join(', ')}}`;
  }
  return pythonString(String(value));
}

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

function pythonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const code = s.charCodeAt(i);
    if (SHORT_ESCAPES[ch]) out += SHORT_ESCAPES[ch];
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/**
 * The last test of a replay file: every method the catalogue says this file replays was called
 * through `Sdk.call` and its answer parsed. `file` is the test's `__filename`.
 */
export function replayedEveryMethod(file: string): void {
  const relative = path.relative(path.resolve(__dirname, '../..'), file).split(path.sep).join('/');
  it(`replays every client method the catalogue assigns to ${relative}`, () => {
    const mine = CLIENT_METHODS.filter((m) => 'replayedIn' in m.status && m.status.replayedIn === relative);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map(keyOf).filter((k) => !replayed.has(k))).toEqual([]);
  });
}
