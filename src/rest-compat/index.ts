import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services';
import { registerAccountRoutes } from './accounts/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerOpenApi } from './openapi';
import { routeRegistry } from './registry';

/** An area's REST-compat module: registers its routes with registerRoute / registerPublicRoute. */
export type RestModule = (app: FastifyInstance, services: AppServices) => void;

/** One module per area; each area adds itself here as it lands. */
export const REST_MODULES: RestModule[] = [registerAuthRoutes, registerAccountRoutes];

export function registerRestCompat(app: FastifyInstance, services: AppServices, extra: RestModule[] = []): void {
  routeRegistry(app);
  for (const register of [...REST_MODULES, ...extra]) register(app, services);
  registerOpenApi(app);
}
