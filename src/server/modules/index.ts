import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigRoutes } from './me/config-routes';
import { meRoutes } from './me/routes';
import { platformBenefitRoutes } from './platform-benefits/routes';
import { companyBenefitRoutes } from './company-benefits/routes';
import { providerRoutes } from './providers/routes';
import { requestRoutes } from './requests/routes';
import { codeRoutes } from './codes/routes';
import { assignmentRoutes } from './assignment/routes';
import { catalogueRoutes } from './catalogue/routes';
import { redemptionRoutes } from './redemptions/routes';
import { surveyRoutes } from './surveys/routes';
import { companyRoutes } from './companies/routes';
import { dashboardRoutes } from './dashboards/routes';
import { userRoutes } from './users/routes';
import { exportRoutes } from './exports/routes';
import { botRoutes } from './bot/routes';
import { achievementRoutes } from './achievements/routes';
import { allowanceRoutes } from './allowance/routes';
import { eventRoutes } from './events/routes';
import { notificationRoutes } from './notifications/routes';
import { webhookRoutes } from './webhooks/routes';
import { apiKeyRoutes } from './api-keys/routes';

/** Every feature's routes, registered under /api. Add a module here when it has routes. */
export const apiModules: FastifyPluginAsyncZod[] = [publicConfigRoutes, meRoutes, assignmentRoutes, catalogueRoutes, redemptionRoutes, platformBenefitRoutes, companyBenefitRoutes, providerRoutes, requestRoutes, codeRoutes, surveyRoutes, companyRoutes, dashboardRoutes, userRoutes, exportRoutes, botRoutes, achievementRoutes, allowanceRoutes, notificationRoutes, eventRoutes, webhookRoutes, apiKeyRoutes];
