import { randomUUID } from 'node:crypto';
import { authenticate } from '../../../src/platform/auth/authenticate';
import { createBeneficiaryInTx, holdActiveBeneficiary } from '../../../src/domain/wallet/beneficiaries/contract';
import { WriteSet } from '../../../src/platform/writes/write-set';
import type { RequestContext } from '../../../src/platform/context';
import { isDomainError } from '../../../src/platform/errors/domain-error';
import { createBeneficiaryWire } from '../../../src/rest-compat/wallet/beneficiaries/wire';
import { resolveActingAccount } from '../../../src/platform/tenancy/acting-account';
import { buildRequestContext } from '../../../src/platform/tenancy/request-context';
import { startTestApp, TEST_SIGNING_KEY, type TestApp } from '../../support/app';
import { Client } from '../../support/client';
import { makeMaster, makeSub, tokenFor, type Tenant } from '../../support/tenants';
import { createBeneficiary, sgLocal, swiftCompany as swiftCompanyBody, withFields } from './fixtures';

/** The fixtures are PO4 wire bodies; the contract takes the command, as the REST door hands it on. */
const inCommandNames = (body: unknown): unknown => createBeneficiaryWire.toCommand(body);
const swiftCompany = () => inCommandNames(swiftCompanyBody());

/** The contract payouts build on: inline beneficiaries and beneficiary_id lookups. */

let t: TestApp;
let alpha: Tenant;
let alphaToken: string;
let ctx: RequestContext;
let betaCtx: RequestContext;

async function contextFor(token: string, onBehalfOf?: string): Promise<RequestContext> {
  const services = t.services;
  const principal = await authenticate(
    { db: services.db, clock: services.clock, signingKey: TEST_SIGNING_KEY },
    { authHeader: token, clientIdHeader: undefined, clientIdRequired: false, ip: '127.0.0.1' },
  );
  const acting = await resolveActingAccount(services, principal, onBehalfOf);
  return buildRequestContext(services, principal, acting, randomUUID());
}

beforeAll(async () => {
  t = await startTestApp();
  alpha = await makeMaster(t.services, { name: 'Alpha' });
  alphaToken = await tokenFor(t, alpha);
  ctx = await contextFor(alphaToken);
  betaCtx = await contextFor(await tokenFor(t, await makeMaster(t.services, { name: 'Beta' })));
});
afterAll(() => t.close());


describe('createBeneficiaryInTx', () => {
  it('inserts in the caller transaction, and it is there once that commits', async () => {
    const created = await t.db.prisma.$transaction((tx) => createBeneficiaryInTx(tx, ctx, swiftCompany()));
    const found = await holdActiveBeneficiary(ctx, created.id, new WriteSet());
    expect(found).toMatchObject({ accountId: alpha.account.id, companyName: 'Acme Trading (HK) Ltd.', status: 'ACTIVE' });
  });

  it("names fields under `at` (a payout's inline beneficiary)", async () => {
    const attempt = (raw: unknown) =>
      t.db.prisma.$transaction((tx) => createBeneficiaryInTx(tx, ctx, inCommandNames(raw), { at: 'beneficiary' })).catch((e: unknown) => (isDomainError(e) ? e.renamed(createBeneficiaryWire.names) : e));
    const cases: [unknown, string][] = [
      [withFields(swiftCompanyBody(), { company_name: undefined }), "Field 'beneficiary.company_name' is required"],
      [withFields(swiftCompanyBody(), { bank_details: { swift_code: 'X' } }), "Invalid value for field 'beneficiary.bank_details.swift_code': must be a SWIFT/BIC code of 8 or 11 characters"],
      [withFields(swiftCompanyBody(), { company_name: '星辰' }), "Invalid value for field 'beneficiary.company_name': with payment_method SWIFT only English letters, digits, spaces and - / ? : ( ) . ' + , are allowed"],
      ['not an object', "Invalid type for field 'beneficiary'"],
    ];
    for (const [raw, message] of cases) {
      const e = await attempt(raw);
      expect(isDomainError(e) && [e.message, e.status, e.accountCenter]).toEqual([message, 400, { status: 400, message }]);
    }
  });

  it('leaves nothing behind when the caller transaction rolls back', async () => {
    const before = await t.db.prisma.beneficiary.count();
    const events = await t.db.prisma.outboxEvent.count();
    await expect(
      t.db.prisma.$transaction(async (tx) => {
        await createBeneficiaryInTx(tx, ctx, inCommandNames(sgLocal()));
        throw new Error('payout refused later');
      }),
    ).rejects.toThrow('payout refused later');
    expect([await t.db.prisma.beneficiary.count(), await t.db.prisma.outboxEvent.count()]).toEqual([before, events]);
  });

  it("creates for the acting account (a sub-account's with x-on-behalf-of)", async () => {
    const sub = await makeSub(t.services, alpha, 'Shop');
    const subCtx = await contextFor(alphaToken, sub.id);
    const created = await t.db.prisma.$transaction((tx) => createBeneficiaryInTx(tx, subCtx, swiftCompany()));
    expect(created.accountId).toBe(sub.id);
  });
});

describe('holdActiveBeneficiary', () => {
  it('answers undefined for unknown, malformed, deleted and foreign ids, and holds only what it found', async () => {
    const c = new Client(t, alphaToken);
    const ref = await createBeneficiary(c, swiftCompanyBody());
    const deleted = await createBeneficiary(c, swiftCompanyBody());
    await c.post(`/v1/beneficiaries/${deleted.beneficiary_id}/delete`, {});
    // The read answers the same row Prisma reads, field for field (JSON and times included).
    const stored = await t.db.prisma.beneficiary.findUniqueOrThrow({ where: { id: ref.beneficiary_id } });
    const writes = new WriteSet();
    expect(await holdActiveBeneficiary(ctx, ref.beneficiary_id, writes)).toEqual(stored);
    expect(writes.ops).toHaveLength(1);
    for (const id of [randomUUID(), 'bad-id', deleted.beneficiary_id]) expect(await holdActiveBeneficiary(ctx, id, writes)).toBeUndefined();
    expect(await holdActiveBeneficiary(betaCtx, ref.beneficiary_id, writes)).toBeUndefined();
    expect(writes.ops).toHaveLength(1);
  });
});
