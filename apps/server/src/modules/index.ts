import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { healthRoutes } from './health/routes';
import { publicChurchRoutes } from './churches/public-routes';
import { authRoutes } from './auth/routes';
import { meRoutes } from './me/routes';
import { fileRoutes } from '../providers/storage/file-routes';
import { sermonRoutes } from './sermons/routes';
import { churchRoutes } from './churches/routes';
import { churchLanguageRoutes } from './churches/language-routes';
import { speechRoutes } from './speech/routes';

export type ApiModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every /api/v1 module; each registers its own routes under the prefix. */
export const apiModules: ApiModule[] = [
  healthRoutes,
  publicChurchRoutes,
  authRoutes,
  meRoutes,
  fileRoutes,
  sermonRoutes,
  churchRoutes,
  churchLanguageRoutes,
  speechRoutes,
];
