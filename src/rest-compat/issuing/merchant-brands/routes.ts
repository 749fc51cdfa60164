import type { FastifyInstance } from 'fastify';
import { merchantBrandList } from '../../../domain/issuing/merchant-brands/queries';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { listRoute } from '../../shared/list';
import { merchantBrandFilterWire } from './wire';
import { toRestMerchantBrand } from './present';
import { restMerchantBrand } from './schemas';

/** The official clients' `merchantBrands.list`, card-issuance family. */
export function registerMerchantBrandRoutes(app: FastifyInstance, services: AppServices): void {
  registerRoute(app, services, {
    family: 'issuance',
    tag: 'issuing',
    method: 'GET',
    path: '/v1/issuing/merchant_brands',
    summary: 'List the merchant brands the sandbox knows, by part of their name or by merchant category code',
    ...listRoute(merchantBrandList, toRestMerchantBrand, restMerchantBrand, merchantBrandFilterWire),
  });
}
