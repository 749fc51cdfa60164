import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { eventData } from '../../support/events';
import { CardProtectionAndElevationDocument, EnrollCardNetworkProtectionDocument, RemoveCardNetworkProtectionDocument } from '../../support/graphql.generated';
import { advance } from '../../support/sandbox';
import { activeCard, authorize } from '../transactions/fixtures';
import { issuer } from '../cardholders/fixtures';
import { createCard } from './fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'Network protection');
});
afterAll(() => t.close());

const A = (type: string, code: string, message: string) => ({ type, code, message });
const enroll = (id: string, body: unknown = { risk_control: 'network_protection', action_code: '41' }) => c.post(`/v1/issuing/cards/${id}/risk`, body);
const remove = (id: string, body: unknown = { risk_control: 'network_protection' }) => c.delete(`/v1/issuing/cards/${id}/risk`, body);

describe("POST and DELETE /v1/issuing/cards/{id}/risk (the official clients' network protection)", () => {
  it('enrolls a card with an action code and removes it, each with its event; asking again changes nothing', async () => {
    const { card_id: id, cardholder_id } = await createCard(c);
    const res = await enroll(id as string);
    const card = (await c.get(`/v1/issuing/cards/${id}`)).body;
    expect([res.status, res.body]).toEqual([
      200,
      {
        card_id: id,
        card_number: card.card_number,
        cardholder_id,
        card_scheme: 'VISA',
        enabled: true,
        status: 'ACTIVE',
        action_code: '41',
        definition: 'Lost card, pick up',
        update_time: '2026-11-21T10:00:00.000Z',
      },
    ]);
    expect(await eventData(t, id as string, 'card.network_protection.enrolled')).toEqual(res.body);
    await advance(c, 5);
    expect((await enroll(id as string)).body.update_time).toBe('2026-11-21T10:00:00.000Z');
    expect((await enroll(id as string, { risk_control: 'network_protection', action_code: '04' })).body).toMatchObject({ action_code: '04', definition: 'Pick up card', update_time: '2026-11-21T10:00:05.000Z' });
    const removed = await remove(id as string);
    expect(removed.body).toEqual({ card_id: id, card_number: card.card_number, cardholder_id, card_scheme: 'VISA', enabled: false, status: 'INACTIVE', update_time: '2026-11-21T10:00:05.000Z' });
    expect(await eventData(t, id as string, 'card.network_protection.removed')).toEqual(removed.body);
    expect((await remove(id as string)).body).toEqual(removed.body);
    const events = await t.db.prisma.outboxEvent.count({ where: { sourceId: id as string, eventName: { startsWith: 'card.network_protection.' } } });
    expect(events).toBe(3);
  });

  it("takes the Node client's five action codes and the Python client's 01; refuses others, and another risk_control, naming the field", async () => {
    const { card_id: id } = await createCard(c);
    for (const code of ['01', '04', '41', '43', '46', '54']) expect((await enroll(id as string, { risk_control: 'network_protection', action_code: code })).status).toBe(200);
    const bad = await enroll(id as string, { risk_control: 'network_protection', action_code: '05' });
    expect([bad.status, bad.body]).toEqual([400, A('invalid_request_error', 'invalid_request_error', "Invalid value for field 'action_code': must be one of 01, 04, 41, 43, 46, 54")]);
    const other = await remove(id as string, { risk_control: 'velocity' });
    expect(other.body).toEqual(A('invalid_request_error', 'invalid_request_error', "Invalid value for field 'risk_control': must be network_protection"));
    expect((await remove(id as string, {})).body).toEqual(A('invalid_request_error', 'invalid_request_error', "Field 'risk_control' is required"));
  });

  it("refuses a cancelled card (status_not_supported) and answers another tenant's card as a missing one", async () => {
    const { card_id: id } = await createCard(c);
    await c.post(`/v1/issuing/cards/${id}/status`, { card_status: 'CANCELLED' });
    expect((await enroll(id as string)).body).toEqual(A('card_error', 'status_not_supported', 'card status or activation status not supported by request'));
    const other = await issuer(t, 'Other protection');
    const { card_id: theirs } = await createCard(other);
    for (const res of [await enroll(theirs as string), await remove(theirs as string)]) expect(res.body).toEqual(A('card_error', 'card_not_found', 'card not found or deactivated'));
  });

  it('makes the network decline the card\'s authorizations with the action code, before the issuer\'s rules; removed, they are approved again', async () => {
    const { cardId } = await activeCard(t, c, '100');
    await enroll(cardId, { risk_control: 'network_protection', action_code: '43' });
    const declined = await authorize(c, cardId);
    expect(declined).toMatchObject({ transaction_status: 'DECLINED', failure_reason: '43' });
    await remove(cardId);
    expect(await authorize(c, cardId)).toMatchObject({ transaction_status: 'APPROVED' });
  });

  it('is served over GraphQL too, and shows on the card', async () => {
    const { card_id: id } = await createCard(c);
    const res = await c.gql(EnrollCardNetworkProtectionDocument, { input: { cardId: id as string, actionCode: '46' } });
    expect(res.data!.enrollCardNetworkProtection.cardNetworkProtection!).toMatchObject({ cardId: id, enabled: true, status: 'ACTIVE', actionCode: '46', definition: 'Closed account', updatedAt: expect.any(String) });
    expect((await c.gql(CardProtectionAndElevationDocument, { id: id as string })).data!.card!.networkProtection).toEqual({ enabled: true, actionCode: '46', definition: 'Closed account' });
    const bad = await c.gql(EnrollCardNetworkProtectionDocument, { input: { cardId: id as string, actionCode: '99' } });
    expect(bad.data!.enrollCardNetworkProtection.userErrors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: ['input', 'actionCode'] });
    expect((await c.gql(RemoveCardNetworkProtectionDocument, { input: { cardId: id as string } })).data!.removeCardNetworkProtection.cardNetworkProtection!).toEqual({ cardId: id, enabled: false, status: 'INACTIVE', actionCode: null });
  });
});
