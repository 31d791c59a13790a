/**
 * Companies and their HR admins (level 1, spec part 1 §2 "Companies", §3, §5): the contract shared by the
 * server (validation, serialisation, OpenAPI) and the companies screen (forms). Messages are the spec's.
 */
import { z } from './zod';
import { nameField } from './names';
import { COMPANY_DEFAULT_MAX_USERS, RECORD_STATUSES } from '../constants';
import { errorMessage } from '../errors';
import { newPasswordPair } from './auth';
import { count, pageQuery } from './fields';
import { monthlyAllowanceAmount } from './engine';

/** Far above any real company, and inside the integer column. */
const COMPANY_MAX_USERS_LIMIT = 1_000_000;

const required = errorMessage('COMPANY_REQUIRED');
const optionalText = (max: number) => z.string().trim().max(max).nullish();

/**
 * A DNS name of at least two labels (`andes.cl`, `mail.andes.cl`), lower-cased: employees join a
 * company by a full, case-insensitive match of it, so it is stored the one way it is compared.
 */
const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, errorMessage('COMPANY_DOMAIN_INVALID'))
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, errorMessage('COMPANY_DOMAIN_INVALID'));

const maxUsers = count({ error: errorMessage('COMPANY_MAX_USERS_MIN') })
  .min(1, errorMessage('COMPANY_MAX_USERS_MIN'))
  .max(COMPANY_MAX_USERS_LIMIT);

/** Every editable field, none defaulted: the update schema is this one made partial. */
const companyFields = {
  name: nameField({ required, max: 200 }),
  contactName: nameField({ required, max: 200 }),
  contactEmail: z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(254)
    .pipe(z.email(errorMessage('REGISTER_INVALID_EMAIL'))),
  contactPhone: optionalText(50),
  address: optionalText(500),
  maxUsers,
  /** Optional: a company without one takes no self-registered employees (its HR adds them). */
  emailDomain: z.union([emailDomainSchema, z.literal('').transform(() => null), z.null()]).optional(),
  /** Flexible tokens each active employee gets on the 1st of every month (0: none). */
  monthlyJobbyTokens: monthlyAllowanceAmount,
};

export const companyInputSchema = z.object({ ...companyFields, maxUsers: maxUsers.default(COMPANY_DEFAULT_MAX_USERS), monthlyJobbyTokens: monthlyAllowanceAmount.default(0) });
export type CompanyInput = z.input<typeof companyInputSchema>;

/** PATCH: a field left out keeps its value; a field sent is validated as on creation. */
export const companyUpdateSchema = z.object(companyFields).partial();
export type CompanyUpdate = z.input<typeof companyUpdateSchema>;

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  emailDomain: z.string().nullable(),
  maxUsers: z.number().int(),
  monthlyJobbyTokens: z.number().int(),
  status: z.enum(RECORD_STATUSES),
  /** Level 2 and 3 accounts attached to the company. */
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyListQuerySchema = z.object({
  /** In name, contact, contact email or email domain. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(RECORD_STATUSES).optional(),
  ...pageQuery,
});

export const companyStatusBodySchema = z.object({ status: z.enum(RECORD_STATUSES) });

/**
 * The address 'Crear administrador' starts with: 'admin@' + the company's email domain when it is known
 * (a real address, 'admin@pampa.cl'), else the spec's 'admin@' + the lowercased company
 * name (spec part 1 §5), spaces removed, for level 1 to complete.
 */
export function suggestedAdminEmail(company: Pick<Company, 'name' | 'emailDomain'>): string {
  return `admin@${company.emailDomain ?? company.name.trim().toLowerCase().replace(/\s+/g, '')}`;
}

/** Creating a company's HR admin (spec part 1 §5 "Company admin creation"). */
const companyAdminFields = {
  name: nameField({ required: errorMessage('NAME_REQUIRED'), max: 200 }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((value) => value.startsWith('admin@'), errorMessage('ADMIN_EMAIL_PREFIX'))
    .pipe(z.email(errorMessage('REGISTER_INVALID_EMAIL'))),
};
export const companyAdminInputSchema = z
  .object({ ...companyAdminFields, password: z.string().max(128), confirmPassword: z.string().max(128) })
  .superRefine(newPasswordPair('password', 'confirmPassword'));
export type CompanyAdminInput = z.input<typeof companyAdminInputSchema>;
/** 'Invitar por correo' (decision 212): the HR admin chooses the password from the mail. */
export const companyAdminInviteSchema = z.object(companyAdminFields);
export type CompanyAdminInvite = z.input<typeof companyAdminInviteSchema>;

export const companyAdminSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  level: z.literal(2),
  companyId: z.string(),
});
export type CompanyAdmin = z.infer<typeof companyAdminSchema>;
