import type { FastifyInstance } from 'fastify';
import { cardProductList } from '../../../domain/issuing/products/queries';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { toRestCardProduct } from './present';
import { restCardProduct } from './schemas';

/** CI18 list card products (spec 4.11), card-issuance family. */
export function registerCardProductRoutes(app: FastifyInstance, services: AppServices): void {
  registerRoute(app, services, {
    family: 'issuance',
    tag: 'issuing',
    method: 'GET',
    path: '/v1/issuing/products',
    summary: "List the card products of the acting account's tree",
    ...listRoute(cardProductList, toRestCardProduct, restCardProduct),
  });
}
