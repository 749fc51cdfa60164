import type { FastifyInstance } from 'fastify';
import { listCardArts } from '../../../domain/issuing/card-arts/queries';
import { listCardArtsWire, setDefaultCardArtWire } from './wire';
import { setDefaultCardArt } from '../../../domain/issuing/card-arts/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { toRestCardArtList, toRestDefaultCardArt } from './present';
import { restCardArtList, restDefaultCardArt } from './schemas';

/** The official clients' `listArts` and `setDefaultArt`, card-issuance family. */
export function registerCardArtRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'issuance', tag: 'issuing' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/cards/arts',
    summary: "List the card arts of the acting account's tree (of one product when card_product_id is given), with the one new cards get",
    query: [listCardArtsWire.schema],
    names: listCardArtsWire.names,
    response: restCardArtList,
    handler: async (ctx, { query }) => ({ body: toRestCardArtList(await listCardArts(ctx, listCardArtsWire.toCommand(query))) }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/cards/arts/default',
    summary: "Choose the card art the acting account's new cards get",
    body: setDefaultCardArtWire.schema,
    names: setDefaultCardArtWire.names,
    response: restDefaultCardArt,
    handler: async (ctx, { body }) => ({ body: toRestDefaultCardArt(await setDefaultCardArt(ctx, setDefaultCardArtWire.toCommand(body))) }),
  });
}
