import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services';
import type { RestModule } from './area';
import { REST_MODULES } from './areas';
import { registerOpenApi } from './openapi';
import { routeRegistry } from './registry';

export type { RestModule } from './area';
export { REST_MODULES };

export function registerRestCompat(app: FastifyInstance, services: AppServices, extra: RestModule[] = []): void {
  routeRegistry(app);
  for (const register of [...REST_MODULES, ...extra]) register(app, services);
  registerOpenApi(app, services);
}
