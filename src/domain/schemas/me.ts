import { z } from './zod';
import { displayName } from './auth';
import { phoneSchema } from './phone';

/** What `GET /api/me` answers: the signed-in user as every screen needs it. */
export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  level: z.number().int().min(1).max(4).nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  userType: z.enum(['A', 'B']),
  status: z.enum(['active', 'inactive']),
  themePreference: z.enum(['light', 'dark']),
  surveyCompleted: z.boolean(),
  phone: z.string().nullable(),
  department: z.string().nullable(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;

export const balancesSchema = z.object({
  jobby: z.number().int(),
  company: z.number().int(),
  lastUpdated: z.string().nullable(),
});
export type Balances = z.infer<typeof balancesSchema>;

/** PATCH /api/me: `phone` left out keeps the stored number (decision 42); null or '' clears it. */
export const updateProfileSchema = z.object({
  name: displayName,
  phone: phoneSchema.optional(),
});
