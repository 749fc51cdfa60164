import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import {
  CardholderDocument,
  CardholdersDocument,
  CardProductsDocument,
  CreateCardholderDocument,
  UpdateCardholderDocument,
} from '../../support/graphql.generated';
import { createHolder, freshPhone, issuer } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'GraphQL issuer');
});
afterAll(() => t.close());

const input = (over: Record<string, unknown> = {}) => ({
  email: `gql.${Math.random().toString(36).slice(2, 10)}@example.com`,
  firstName: 'Grace',
  lastName: 'Hopper',
  countryCode: 'US',
  phoneNumber: freshPhone(),
  dateOfBirth: '1980-12-09',
  ...over,
});

describe('GraphQL cardProducts', () => {
  it('is the same list as CI18, with the card_limit minimum of the three BINs', async () => {
    const res = await c.gql(CardProductsDocument, { first: 10 });
    expect(res.errors).toBeUndefined();
    const rest = (await c.get('/v1/issuing/products')).body.data as { product_id: string }[];
    expect(res.data!.cardProducts.totalCount).toBe(5);
    expect(res.data!.cardProducts.edges.map((e) => e.node.id)).toEqual(rest.map((p) => p.product_id));
    const minimum = Object.fromEntries(res.data!.cardProducts.edges.map((e) => [e.node.cardBin, e.node.minCardLimit]));
    expect(minimum).toMatchObject({ '527735': '0.01', '555071': '0.01', '555243': '0.01' });
    expect(Object.entries(minimum).filter(([, m]) => m === '0').length).toBe(2);
  });
});

describe('GraphQL cardholders', () => {
  it('creates, reads and updates through the same services as REST', async () => {
    const created = await c.gql(CreateCardholderDocument, { input: input({ residentialAddress: { country: 'US', city: 'Arlington', line1: '1 Navy Way', postalCode: '22201' } }) });
    expect(created.errors).toBeUndefined();
    const holder = created.data!.createCardholder.cardholder!;
    expect(holder).toMatchObject({ status: 'SUCCESS', reviewStatus: 'SUCCESS', idvStatus: null, numberOfCards: 0, residentialAddress: { city: 'Arlington', postalCode: '22201' } });
    const rest = (await c.get(`/v1/issuing/cardholders/${holder.id}`)).body;
    expect(rest).toMatchObject({ email: holder.email, residential_address: { postal_code: '22201' } });
    const updated = await c.gql(UpdateCardholderDocument, { input: { id: holder.id, gender: 'FEMALE', nationality: 'US' } });
    expect(updated.data!.updateCardholder.cardholder!).toMatchObject({ gender: 'FEMALE', nationality: 'US' });
    expect((await c.gql(CardholderDocument, { id: holder.id })).data!.cardholder!.gender).toBe('FEMALE');
  });

  it('reports the cardholder errors with their codes and GraphQL field names', async () => {
    const bad = await c.gql(CreateCardholderDocument, { input: input({ firstName: 'Gr4ce' }) });
    expect(bad.data!.createCardholder.userErrors[0]).toMatchObject({ message: 'only letters and spaces, no leading or trailing spaces', code: 'INVALID_FIRST_NAME' });
    const dob = await c.gql(CreateCardholderDocument, { input: input({ dateOfBirth: '2010-01-01' }) });
    expect(dob.data!.createCardholder.userErrors[0]).toMatchObject({ code: 'INVALID_DATE_OF_BIRTH', field: ['input', 'dateOfBirth'] });
    const missing = await c.gql(CreateCardholderDocument, { input: input({ residentialAddress: { country: 'USA', city: 'X', line1: 'Y' } }) });
    // A country is a CountryCode: three letters are refused by the scalar, before the rule runs.
    expect(missing.errors![0]).toMatchObject({ message: expect.stringContaining('CountryCode must be 2 upper-case letters'), extensions: { code: 'BAD_USER_INPUT' } });
    const unknown = await c.gql(CardholderDocument, { id: '00000000-0000-4000-8000-000000000000' });
    // A lookup by id answers an unknown id as null, not as an error.
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data!.cardholder).toBeNull();
  });

  it('lists with a status filter, and shows the IDV link of a redirect-mode check', async () => {
    const cl = await issuer(t, 'GraphQL lister');
    await createHolder(cl);
    const pending = await cl.gql(CreateCardholderDocument, { input: input({ kycVerification: { method: 'SUMSUB_REDIRECT' } }) });
    expect(pending.data!.createCardholder.cardholder!).toMatchObject({ status: 'PENDING', idvStatus: 'PENDING', idvVerificationUrl: expect.stringMatching(/\/issuing\/idv\//) });
    const list = await cl.gql(CardholdersDocument, { first: 10, filter: { status: 'PENDING' } });
    expect(list.data!.cardholders.totalCount).toBe(1);
    expect(list.data!.cardholders.edges[0]!.node.id).toBe(pending.data!.createCardholder.cardholder!.id);
    expect((await cl.gql(CardholdersDocument, { first: 10 })).data!.cardholders.totalCount).toBe(2);
  });

  it('replays a createCardholder retried with the same x-idempotency-key, creating one cardholder', async () => {
    const cl = await issuer(t, 'GraphQL retries');
    const body = input();
    const first = await cl.gql(CreateCardholderDocument, { input: body }, { key: 'create-holder-1' });
    const again = await cl.gql(CreateCardholderDocument, { input: body }, { key: 'create-holder-1' });
    expect(again.data).toEqual(first.data);
    expect((await cl.get('/v1/issuing/cardholders')).body.total_items).toBe(1);
  });
});
