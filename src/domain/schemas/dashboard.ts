/** `GET /api/me/dashboard`: everything the employee dashboard shows, in one answer (spec part 2 §2 "Employee dashboard"). */
import { z } from './zod';
import { benefitRequestSchema, catalogueItemSchema, codePlaceFields } from './economy';

/** The dashboard's sizes (spec part 2 §9): latest requests, active codes ("Desafíos Activos"). */
export const DASHBOARD_RECENT_REQUESTS = 5;
export const DASHBOARD_ACTIVE_CODES = 3;

export const activeCodeSchema = z.object({
  code: z.string(),
  benefitName: z.string(),
  isBenefitJobby: z.boolean(),
  expiresAt: z.string(),
  /** Where to use it, and what the approver said. */
  ...codePlaceFields,
  instructions: z.string().nullable(),
});
export type ActiveCode = z.infer<typeof activeCodeSchema>;

export const employeeDashboardSchema = z.object({
  firstName: z.string(),
  /** Null: 'Empresa no asignada'. */
  companyName: z.string().nullable(),
  balances: z.object({ jobby: z.number().int(), company: z.number().int() }),
  /** Whether the recommendations follow the survey's categories (else they are a random pick). */
  hasPreferences: z.boolean(),
  recommendations: z.array(catalogueItemSchema),
  recentRequests: z.array(benefitRequestSchema),
  requestCount: z.number().int(),
  activeCodes: z.array(activeCodeSchema),
  activeCodeCount: z.number().int(),
});
export type EmployeeDashboard = z.infer<typeof employeeDashboardSchema>;

/** The first word of a name, for the greeting; the email's local part when there is no name. */
export function firstNameOf(name: string, email: string): string {
  return name.trim().split(/\s+/)[0] || email.split('@')[0];
}
