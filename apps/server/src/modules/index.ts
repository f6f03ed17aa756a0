import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { healthRoutes } from './health/routes';
import { publicChurchRoutes } from './churches/public-routes';

export type ApiModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every /api/v1 module; each registers its own routes under the prefix. */
export const apiModules: ApiModule[] = [
  healthRoutes,
  publicChurchRoutes,
];
