import http from 'node:http';
import https from 'node:https';
import { allows, guardedLookup, literalAddress, RefusedAddressError, type AddressPolicy } from './address-policy';

/**
 * One outbound POST, the only way payrail calls a customer's server. No redirects are followed (a 3xx
 * is an answer like any other non-2xx), the whole exchange has one deadline, and only the first
 * `maxAnswerBytes` of the answer are kept.
 */
export interface OutboundRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: AddressPolicy;
  maxAnswerBytes?: number;
}

export interface OutboundAnswer {
  status: number;
  /** The answer's body, cut at maxAnswerBytes (UTF-8). */
  body: string;
  truncated: boolean;
}

/**
 * Why a call got no HTTP answer, as coarse as a customer may be told: the address policy refused
 * the target, no answer in time, the connection was refused, TLS failed, the name did not resolve,
 * the URL cannot be called, or the connection broke otherwise. The socket's own words (addresses,
 * ports, errno texts) stay in `detail`, which is for payrail's operators, never for the customer.
 */
export type OutboundFailureKind = 'refused_address' | 'timeout' | 'refused' | 'tls' | 'dns' | 'bad_url' | 'network';

const FAILURE_TEXT: Record<OutboundFailureKind, string> = {
  refused_address: 'the address is not a global unicast address',
  timeout: 'no answer within the deadline',
  refused: 'the connection was refused',
  tls: 'the TLS handshake failed',
  dns: 'the name did not resolve',
  bad_url: 'the URL is not an http or https URL',
  network: 'the connection failed',
};

/** The call did not get an HTTP answer. */
export class OutboundFailure extends Error {
  constructor(readonly kind: OutboundFailureKind, readonly detail: string) {
    super(FAILURE_TEXT[kind]);
    this.name = 'OutboundFailure';
  }
}

const DNS_CODES = new Set(['ENOTFOUND', 'ENODATA', 'ESERVFAIL', 'ENONAME', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const TLS_CODE_PREFIXES = ['ERR_TLS_', 'ERR_SSL_', 'CERT_', 'UNABLE_TO_', 'DEPTH_ZERO_', 'SELF_SIGNED_', 'HOSTNAME_MISMATCH', 'EPROTO'];

/** The class of a socket error, from its code (Node's errno and OpenSSL names). */
export function failureKindOf(error: Error): OutboundFailureKind {
  if (error instanceof RefusedAddressError) return 'refused_address';
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ECONNREFUSED') return 'refused';
  if (DNS_CODES.has(code)) return 'dns';
  if (TLS_CODE_PREFIXES.some((p) => code.startsWith(p))) return 'tls';
  return 'network';
}

export function postOutbound(request: OutboundRequest): Promise<OutboundAnswer> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.reject(new OutboundFailure('bad_url', `not a URL: ${request.url}`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new OutboundFailure('bad_url', `only http and https URLs are called, not ${url.protocol}`));
  }
  const literal = literalAddress(url.hostname);
  if (literal !== undefined && !allows(request.policy, literal)) {
    return Promise.reject(new OutboundFailure('refused_address', `${literal} is not a global unicast address`));
  }
  const limit = request.maxAnswerBytes ?? 4096;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'payrail', ...request.headers, 'content-length': Buffer.byteLength(request.body) },
        lookup: guardedLookup(request.policy),
        // A fresh connection each time: a pooled socket would skip the address check of a re-pointed name.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (kept < limit) {
            const part = chunk.subarray(0, limit - kept);
            chunks.push(part);
            kept += part.length;
          }
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), truncated: received > kept });
        });
        res.on('error', (error) => fail(new OutboundFailure(failureKindOf(error), error.message)));
      },
    );
    const fail = (failure: OutboundFailure) => {
      clearTimeout(timer);
      req.destroy();
      reject(failure);
    };
    const timer = setTimeout(() => fail(new OutboundFailure('timeout', `no answer within ${request.timeoutMs} ms`)), request.timeoutMs);
    req.on('error', (error) => fail(new OutboundFailure(failureKindOf(error), error.message)));
    req.end(request.body);
  });
}
