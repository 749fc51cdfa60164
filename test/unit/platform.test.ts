import { createHmac } from 'node:crypto';
import { randomAlphanumeric } from '../../src/platform/ids/ids';
import { isIpAllowed, parseCidr } from '../../src/platform/auth/ip-allow-list';
import { tokenFromHeader } from '../../src/platform/auth/tokens';
import { checkKeyFormat } from '../../src/platform/idempotency/key-format';
import { canonicalJson } from '../../src/platform/idempotency/canonical-json';
import { requestFingerprint, sameRequest } from '../../src/platform/idempotency/fingerprint';
import { buildKeyring, parseCardDataKeys } from '../../src/platform/sealing/keys';
import { idempotencyErrors, platformErrors } from '../../src/platform/errors/platform-errors';
import { renderError } from '../../src/rest-compat/envelopes';

describe('IP allow-list', () => {
  it('matches IPv4 and IPv6 CIDRs, and IPv4-mapped IPv6 client addresses', () => {
    expect(isIpAllowed([], '203.0.113.9')).toBe(true);
    expect(isIpAllowed(['10.0.0.0/8'], '10.2.3.4')).toBe(true);
    expect(isIpAllowed(['10.0.0.0/8'], '11.0.0.1')).toBe(false);
    expect(isIpAllowed(['127.0.0.1'], '::ffff:127.0.0.1')).toBe(true);
    expect(isIpAllowed(['2001:db8::/32'], '2001:db8::1')).toBe(true);
    expect(isIpAllowed(['2001:db8::/32'], 'garbage')).toBe(false);
  });

  it('parses only valid CIDRs', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    for (const bad of ['10.0.0.0/33', '300.0.0.1', '10.0.0.0/x', '1.2.3.4/8/9', '']) expect(parseCidr(bad)).toBeUndefined();
  });
});

describe('x-auth-token forms (spec 5.2)', () => {
  it('takes the raw token or exactly "Bearer <token>"', () => {
    expect(tokenFromHeader('abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromHeader('Bearer abc.def.ghi')).toBe('abc.def.ghi');
  });
  it.each(['Bearer', 'Bearer ', 'bearer abc', 'BEARER abc', 'Bearer  abc', 'Bearer\tabc', 'Bearerabc'])('refuses %p as an invalid header', (v) => {
    expect(() => tokenFromHeader(v)).toThrow(expect.objectContaining({ code: 'invalid_authorization_header' }));
  });
  it('treats an absent header as a missing token', () => {
    expect(() => tokenFromHeader(undefined)).toThrow(expect.objectContaining({ code: 'authorization_error' }));
  });
});

describe('idempotency key formats', () => {
  const modern = new Date('2025-01-01T00:00:00Z');
  const legacy = new Date('2024-08-14T23:59:59Z');
  it('account-center: UUID after 2024-08-15, 1-36 characters before', () => {
    expect(checkKeyFormat('account_center', '3f2504e0-4f89-41d3-9a0c-0305e82c3301', modern)).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    expect(() => checkKeyFormat('account_center', 'abc', modern)).toThrow();
    expect(checkKeyFormat('account_center', 'abc', legacy)).toBe('abc');
    expect(() => checkKeyFormat('account_center', 'a'.repeat(37), legacy)).toThrow();
    expect(() => checkKeyFormat('account_center', '', legacy)).toThrow();
  });
  it('card issuance: 1-255 characters', () => {
    expect(checkKeyFormat('issuance', 'a'.repeat(255), modern)).toHaveLength(255);
    expect(() => checkKeyFormat('issuance', 'a'.repeat(256), modern)).toThrow();
  });
});

const ring = (id: string, fill: number) => buildKeyring(parseCardDataKeys(`${id}:${Buffer.alloc(32, fill).toString('base64')}`, 'test'));

describe('request fingerprint', () => {
  const keys = ring('k1', 1);
  it('ignores key order and undefined members, not values', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: null } })).toBe('{"a":{"c":null,"d":[1,2]},"b":1}');
    expect(requestFingerprint(keys, 'POST /x', { a: 1, b: 2 })).toBe(requestFingerprint(keys, 'POST /x', { b: 2, a: 1, c: undefined }));
    expect(requestFingerprint(keys, 'POST /x', { a: 1 })).not.toBe(requestFingerprint(keys, 'POST /x', { a: '1' }));
    expect(requestFingerprint(keys, 'POST /x', { a: 1 })).not.toBe(requestFingerprint(keys, 'POST /y', { a: 1 }));
  });
  it('is an HMAC under a key of its own, named by its key id', () => {
    const fp = requestFingerprint(keys, 'POST /x', { a: 1 });
    expect(fp).toMatch(/^k1:[0-9a-f]{64}$/);
    expect(fp.slice(3)).not.toBe(createHmac('sha256', Buffer.alloc(32, 1)).update('POST /x\n{"a":1}').digest('hex'));
    expect(requestFingerprint(ring('k1', 2), 'POST /x', { a: 1 })).not.toBe(fp);
  });
  it('checks a record keyed before a rotation under its own key while the keyring holds it', () => {
    const before = requestFingerprint(keys, 'POST /x', { a: 1 });
    const rotated = buildKeyring([...parseCardDataKeys(`k2:${Buffer.alloc(32, 3).toString('base64')}`, 't'), ...parseCardDataKeys(`k1:${Buffer.alloc(32, 1).toString('base64')}`, 't')]);
    const now = requestFingerprint(rotated, 'POST /x', { a: 1 });
    expect(now).not.toBe(before);
    expect(sameRequest(rotated, before, now, 'POST /x', { a: 1 })).toBe(true);
    expect(sameRequest(rotated, before, requestFingerprint(rotated, 'POST /x', { a: 2 }), 'POST /x', { a: 2 })).toBe(false);
    expect(sameRequest(ring('k2', 3), before, now, 'POST /x', { a: 1 })).toBe(false);
  });
  it('writes the canonical text earlier releases wrote', () => {
    // The text as first written (entries, filter, sort by <, map, join).
    const earlier = (value: unknown): string => {
      if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
      if (Array.isArray(value)) return `[${value.map(earlier).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${earlier(v)}`).join(',')}}`;
    };
    const sparse: unknown[] = [1];
    sparse[2] = 3;
    const bodies: unknown[] = [
      undefined, null, 0, -1.5e300, '', 'é"\\\n', true, [], {}, sparse, [undefined, () => 1, null],
      { b: 1, a: { d: [1, 2], c: null }, e: undefined, f: () => 1 },
      { Z: 1, a: 2, _: 3, '10': 4, '9': 5, 'é': 6, '\ud83d\ude00': 7, 'ｚ': 8, '': 9 },
      { nested: [{ y: [{ b: '2', a: '1' }], x: {} }], date: new Date(0) },
    ];
    for (const body of bodies) expect(canonicalJson(body)).toBe(earlier(body));
  });
  it('writes a tokenized member as the token of its value', () => {
    const tokens = { names: new Set(['pin']), token: (v: unknown) => `t(${String(v)})` };
    expect(canonicalJson({ card: { pin: '123456', x: 1 }, pin: ['a'] }, tokens)).toBe('{"card":{"pin":"t(123456)","x":1},"pin":"t(a)"}');
  });
});

describe('envelopes (spec 7.1, 7.2)', () => {
  it('renders the account-center quirks', () => {
    expect(renderError('account_center', platformErrors.invalidAuthorizationHeader())).toEqual({ status: 401, body: { error: 'Invalid authorization header' } });
    expect(renderError('account_center', platformErrors.internal())).toEqual({ status: 500, body: { message: 'An internal error occurred, please try again later' } });
    expect(renderError('account_center', idempotencyErrors.processing())).toEqual({ status: 400, body: { code: 200, message: 'Request is processing, please try again later.' } });
  });
  it('renders envelope A with the status its type fixes', () => {
    expect(renderError('issuance', platformErrors.permissionDenied('x'))).toEqual({ status: 403, body: { type: 'unauthorized_error', code: 'forbidden', message: 'API key lacks permission' } });
    expect(renderError('issuance', platformErrors.authorizationError('expired')).status).toBe(401);
    expect(renderError('issuance', platformErrors.internal()).status).toBe(500);
  });
});

describe('validation messages (spec 7.1)', () => {
  const { z } = require('zod') as typeof import('zod');
  const { parseInput } = require('../../src/platform/validation/validate') as typeof import('../../src/platform/validation/validate');
  const schema = z.object({ name: z.string(), nested: z.object({ count: z.number() }) });
  it("names a missing field: Field 'X' is required", () => {
    expect(() => parseInput(schema, { nested: { count: 1 } })).toThrow("Field 'name' is required");
    expect(() => parseInput(schema, { name: 'a', nested: {} })).toThrow("Field 'nested.count' is required");
  });
  it("names a wrongly typed field: Invalid type for field 'X'", () => {
    expect(() => parseInput(schema, { name: 5, nested: { count: 1 } })).toThrow("Invalid type for field 'name'");
    expect(() => parseInput(schema, { name: 'a', nested: { count: '1' } })).toThrow("Invalid type for field 'nested.count'");
    expect(() => parseInput(schema, { name: null, nested: { count: 1 } })).toThrow("Invalid type for field 'name'");
  });
});

describe('generated client ids', () => {
  it('are 20 letters and digits, so a command line never reads one as an option', () => {
    const ids = Array.from({ length: 2000 }, () => randomAlphanumeric(20));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every one of the 62 characters turns up, so no part of the alphabet is left out.
    expect(new Set(ids.join('')).size).toBe(62);
  });
});
