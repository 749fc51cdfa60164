import http from 'node:http';
import https from 'node:https';
import { guardedLookup, isPublicAddress, literalAddress, RefusedAddressError, type AddressPolicy } from './address-policy';

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

export type OutboundFailureKind = 'refused_address' | 'timeout' | 'network' | 'bad_url';

/** The call did not get an HTTP answer. */
export class OutboundFailure extends Error {
  constructor(readonly kind: OutboundFailureKind, message: string) {
    super(message);
    this.name = 'OutboundFailure';
  }
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
  if (literal !== undefined && !request.policy.allowPrivate && !isPublicAddress(literal)) {
    return Promise.reject(new OutboundFailure('refused_address', `${literal} is not a public address`));
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
        res.on('error', (error) => fail(new OutboundFailure('network', error.message)));
      },
    );
    const fail = (failure: OutboundFailure) => {
      clearTimeout(timer);
      req.destroy();
      reject(failure);
    };
    const timer = setTimeout(() => fail(new OutboundFailure('timeout', `no answer within ${request.timeoutMs} ms`)), request.timeoutMs);
    req.on('error', (error) => {
      if (error instanceof RefusedAddressError) fail(new OutboundFailure('refused_address', error.message));
      else fail(new OutboundFailure('network', error.message));
    });
    req.end(request.body);
  });
}
