import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { healthRoutes } from './health/routes';
import { publicChurchRoutes } from './churches/public-routes';
import { authRoutes } from './auth/routes';
import { meRoutes } from './me/routes';
import { fileRoutes } from '../providers/storage/file-routes';
import { sermonRoutes } from './sermons/routes';
import { churchRoutes } from './churches/routes';
import { engineRoutes } from './churches/engine-routes';
import { recognitionRoutes } from './churches/recognition-routes';
import { voiceEngineRoutes } from './churches/voice-engine-routes';
import { translationUsageRoutes } from './analytics/translation-usage';
import { costPriceRoutes } from './cost-prices/routes';
import { churchLanguageRoutes } from './churches/language-routes';
import { speechRoutes } from './speech/routes';
import { userRoutes } from './users/routes';
import { churchAdminRoutes } from './churches/admin-routes';
import { mapSettingsRoutes } from './churches/map-settings';
import { eventRoutes } from './events/routes';
import { analyticsRoutes } from './analytics/routes';
import { salvationRoutes } from './salvations/routes';
import { staffRoutes } from './staff/routes';
import { administratorRoutes } from './administrators/routes';
import { feedbackRoutes } from './feedback/routes';
import { deletionRequestRoutes } from './deletion-requests/routes';
import { myDataRoutes } from './privacy/routes';
import { auditRoutes } from './audit/routes';
import { lobbyRoutes } from './lobby/routes';
import { scheduleRoutes } from './schedule/routes';
import { glossaryRoutes } from './glossary/routes';
import { peopleImportRoutes } from './people-import/routes';
import { preparedTextRoutes } from './prepared-texts/routes';
import { messageRoutes } from './messages/routes';
import { twoStepRoutes } from './two-step/routes';
import { sessionRoutes } from './sessions/routes';
import { backupRoutes } from './backups/routes';
import { livestreamRoutes } from './livestream/routes';

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
  engineRoutes,
  recognitionRoutes,
  voiceEngineRoutes,
  translationUsageRoutes,
  costPriceRoutes,
  churchLanguageRoutes,
  speechRoutes,
  userRoutes,
  churchAdminRoutes,
  mapSettingsRoutes,
  eventRoutes,
  staffRoutes,
  administratorRoutes,
  feedbackRoutes,
  deletionRequestRoutes,
  myDataRoutes,
  auditRoutes,
  analyticsRoutes,
  salvationRoutes,
  lobbyRoutes,
  scheduleRoutes,
  glossaryRoutes,
  peopleImportRoutes,
  preparedTextRoutes,
  messageRoutes,
  twoStepRoutes,
  sessionRoutes,
  backupRoutes,
  livestreamRoutes,
];
