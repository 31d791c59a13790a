import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigRoutes } from './modules/me/index';
import { meRoutes } from './modules/me/index';
import { platformBenefitRoutes } from './modules/platform-benefits/index';
import { companyBenefitRoutes } from './modules/company-benefits/index';
import { providerRoutes } from './modules/providers/index';
import { requestRoutes } from './modules/requests/index';
import { codeRoutes } from './modules/codes/index';
import { assignmentRoutes } from './modules/assignment/index';
import { catalogueRoutes } from './modules/catalogue/index';
import { redemptionRoutes } from './modules/redemptions/index';
import { surveyRoutes } from './modules/surveys/index';
import { companyRoutes } from './modules/companies/index';
import { dashboardRoutes } from './modules/dashboards/index';
import { userRoutes } from './modules/users/index';
import { exportRoutes } from './modules/exports/index';
import { botRoutes } from './modules/bot/index';
import { achievementRoutes } from './modules/achievements/index';
import { allowanceRoutes } from './modules/allowance/index';
import { eventRoutes } from './modules/events/index';
import { notificationRoutes } from './modules/notifications/index';
import { webhookRoutes } from './modules/webhooks/index';
import { apiKeyRoutes } from './modules/api-keys/index';

/** Every feature's routes, registered under /api. Add a module here when it has routes. */
export const apiModules: FastifyPluginAsyncZod[] = [publicConfigRoutes, meRoutes, assignmentRoutes, catalogueRoutes, redemptionRoutes, platformBenefitRoutes, companyBenefitRoutes, providerRoutes, requestRoutes, codeRoutes, surveyRoutes, companyRoutes, dashboardRoutes, userRoutes, exportRoutes, botRoutes, achievementRoutes, allowanceRoutes, notificationRoutes, eventRoutes, webhookRoutes, apiKeyRoutes];
