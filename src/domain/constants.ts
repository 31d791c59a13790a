/** Business constants and limits (spec part 1 §9, spec part 2 §9). */
export const CODE_LENGTH = 8;
/** A–Z and 0–9 without the look-alikes O, 0, I, 1 and L (read as 1): codes are read aloud at a counter. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_VALIDITY_DAYS = 30;
export const PASSWORD_MIN_LENGTH = 6;
export const COMPANY_DEFAULT_MAX_USERS = 10;
export const PLATFORM_BENEFIT_DEFAULT_TOKEN_COST = 1;
export const PLATFORM_BENEFIT_DEFAULT_STOCK = 100;
/** 'Ya canjeado' (spec part 2 §5) holds by default; 0 = no limit. */
export const PLATFORM_BENEFIT_DEFAULT_LIMIT_PER_USER = 1;
export const COMPANY_BENEFIT_DEFAULT_AVAILABLE = 10;
export const COMPANY_BENEFIT_DEFAULT_LIMIT_PER_USER = 1;
export const ADMIN_TOKEN_QUANTITY_MIN = 1;
export const ADMIN_TOKEN_QUANTITY_MAX = 100;
export const HR_ASSIGN_DEFAULT_AMOUNT = 10;
export const PROVIDER_NAME_MIN_LENGTH = 3;
export const PROVIDER_HISTORY_SIZE = 20;
/**
 * A token history stops counting its matches here: the page says "10.000+ movimientos"
 * instead of counting the whole ledger on every view.
 */
export const HISTORY_COUNT_CAP = 10_000;
/** How long an Idempotency-Key answers retries with its stored response. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * Input bounds: the largest value a PostgreSQL `integer` column holds, so a bigger count
 * answers 400 instead of failing in the database with a 500; and the calendar range a benefit date may
 * name (PostgreSQL refuses year 0000, and no benefit runs in 1850 or 2400).
 */
export const INTEGER_MAX = 2_147_483_647;
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2099-12-31';

export const LOGIN_CAROUSEL_INTERVAL_MS = 5000;
export const REGISTER_REDIRECT_MS = 2000;
export const BANNER_CLEAR_MS = 5000;
export const PROCESS_MODAL_CLOSE_MS = 1500;
export const PROVIDER_WELCOME_MS = 2000;
export const PROVIDER_SUCCESS_MS = 3000;

export const DEFAULT_ADD_TOKENS_REASON = 'Tokens añadidos por administrador';
export const DEFAULT_REMOVE_TOKENS_REASON = 'Tokens removidos por administrador';
export const DEFAULT_HR_ASSIGN_REASON = 'Asignación manual';
export const DEFAULT_HR_BULK_REASON = 'Asignación masiva';

export const TAGLINE = 'Tu plataforma de beneficios laborales';

export const BENEFIT_TYPES = ['automatic', 'managed', 'third_party'] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];

export const REQUEST_STATUSES = [
  'pending',
  'pending_provider_approval',
  'pending_admin_approval',
  'approved',
  'rejected',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The ledger's transfer kinds: the one list behind the type, the API's enum and the table's check. */
export const TRANSFER_KINDS = ['grant', 'revoke', 'spend', 'refund', 'reward', 'import'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export const TOKEN_TYPES = ['jobby', 'company'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const USER_TYPES = ['A', 'B'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const RECORD_STATUSES = ['active', 'inactive'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
/** A stored status read as a record's: 'inactive' is inactive, anything else active (decision 295). */
export function recordStatusOf(value: string | null): RecordStatus {
  return value === 'inactive' ? 'inactive' : 'active';
}

/**
 * The six benefit categories of spec part 2 §3 (id, name, colour, description): the one list for a
 * benefit's category (catalogue pills, HR's form, quick filters) and for survey A's "favourite
 * categories" step, whose picks are matched against benefits' categories (decision 107).
 */
export const BENEFIT_CATEGORIES = [
  { id: 'comidas', name: 'Comidas', color: '#FF7F50', description: 'Restaurantes y delivery' },
  { id: 'experiencias', name: 'Experiencias', color: '#4169E1', description: 'Eventos, panoramas y entradas' },
  { id: 'regalos', name: 'Regalos', color: '#E64980', description: 'Gift cards y detalles' },
  { id: 'mascotas', name: 'Mascotas', color: '#2F9E44', description: 'Todo para tus regalones' },
  { id: 'suscripciones', name: 'Suscripciones', color: '#6B3AA0', description: 'Música, series y apps' },
  { id: 'descuentos', name: 'Descuentos', color: '#D4A645', description: 'Cupones y cashback' },
] as const;
export type BenefitCategoryId = (typeof BENEFIT_CATEGORIES)[number]['id'];

/** A benefit's category as people read it: the catalogue's name, or free text from older records as written. */
export function benefitCategoryName(category: string): string {
  return BENEFIT_CATEGORIES.find((c) => c.id === category.toLowerCase())?.name ?? category.charAt(0).toUpperCase() + category.slice(1);
}
