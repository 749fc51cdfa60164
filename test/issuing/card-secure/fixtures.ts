import type { TestApp } from '../../support/app';
import { clientOf, type Client, type Json } from '../../support/client';
import { makeMaster } from '../../support/tenants';
import { advance } from '../../support/sandbox';
import { createCard } from '../cards/fixtures';
import { revealPan } from '../../../src/domain/issuing/card-data/store';
import { Permission } from '../../../src/platform/auth/permissions';

/** A fresh master whose API key holds the secure-details permission. */
export async function revealer(t: TestApp, name = 'Revealer'): Promise<Client> {
  return clientOf(t, await makeMaster(t.services, { name, permissions: [Permission.SensitiveCardDetails] }));
}

/** A card whose order completed (ACTIVE): its order succeeds 3 seconds after creation on the tree's clock. */
export async function activeCard(c: Client, over: Json = {}): Promise<string> {
  const { card_id } = await createCard(c, over);
  await advance(c, 3);
  return card_id as string;
}

/** The PAN as the card-data store holds it, read beside the API. */
export async function panOf(t: TestApp, cardId: string): Promise<string> {
  const secret = (await t.db.prisma.cardSecret.findUnique({ where: { cardId } }))!;
  return (await revealPan(t.services, { accountId: secret.accountId, cardId }))!;
}

/** GET /iframe/card as a browser would, with the query the official client builds. */
export function iframe(t: TestApp, q: Record<string, string>) {
  return t.inject({ method: 'GET', url: `/iframe/card?${new URLSearchParams(q).toString()}` });
}
