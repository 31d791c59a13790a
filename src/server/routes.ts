import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigRoutes } from './modules/me/config-routes';
import { meRoutes } from './modules/me/routes';
import { platformBenefitRoutes } from './modules/platform-benefits/routes';
import { companyBenefitRoutes } from './modules/company-benefits/routes';
import { providerRoutes } from './modules/providers/routes';
import { requestRoutes } from './modules/requests/routes';
import { codeRoutes } from './modules/codes/routes';
import { assignmentRoutes } from './modules/assignment/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { redemptionRoutes } from './modules/redemptions/routes';
import { surveyRoutes } from './modules/surveys/routes';
import { companyRoutes } from './modules/companies/routes';
import { dashboardRoutes } from './modules/dashboards/routes';
import { userRoutes } from './modules/users/routes';
import { exportRoutes } from './modules/exports/routes';
import { botRoutes } from './modules/bot/routes';
import { achievementRoutes } from './modules/achievements/routes';
import { allowanceRoutes } from './modules/allowance/routes';
import { eventRoutes } from './modules/events/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { apiKeyRoutes } from './modules/api-keys/routes';

/** Every feature's routes, registered under /api. Add a module here when it has routes. */
export const apiModules: FastifyPluginAsyncZod[] = [publicConfigRoutes, meRoutes, assignmentRoutes, catalogueRoutes, redemptionRoutes, platformBenefitRoutes, companyBenefitRoutes, providerRoutes, requestRoutes, codeRoutes, surveyRoutes, companyRoutes, dashboardRoutes, userRoutes, exportRoutes, botRoutes, achievementRoutes, allowanceRoutes, notificationRoutes, eventRoutes, webhookRoutes, apiKeyRoutes];
