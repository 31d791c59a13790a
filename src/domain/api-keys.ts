/**
 * API keys (decision 220): what a server-to-server key may do. A scope names one kind of work; a
 * route declares the scope it needs (`config.apiScope`) and a key is refused on every route that
 * declares none it holds. Shared by the server (the check) and the web (the checkboxes' labels).
 */
import { valuesOf } from './labelled';

/** Each scope with the screen's label of it. */
export const API_SCOPE_LABELS = {
  'users:read': 'Leer colaboradores',
  'users:write': 'Crear y editar colaboradores',
  'tokens:assign': 'Asignar tokens',
  'tokens:read': 'Leer historial de tokens',
  'requests:read': 'Leer solicitudes',
  'codes:read': 'Ver códigos de canje en las solicitudes',
} as const;
export type ApiScope = keyof typeof API_SCOPE_LABELS;
export const API_SCOPES = valuesOf(API_SCOPE_LABELS);

/**
 * A key's state, with the screen's label: revoked and expired are final; suspended lasts
 * while the person it rests on (its responsible) has no access to manage it (decision 352).
 */
export const API_KEY_STATUS_LABELS = {
  active: 'Activa',
  suspended: 'Suspendida',
  expired: 'Vencida',
  revoked: 'Revocada',
} as const;
export type ApiKeyStatus = keyof typeof API_KEY_STATUS_LABELS;
export const API_KEY_STATUSES = valuesOf(API_KEY_STATUS_LABELS);

/** Who a key acts for: its company (created by HR, level 2) or the platform (level 1). */
export type ApiKeyAudience = 'company' | 'platform';

/**
 * The scopes a key of each audience can be given: those some route of its level declares. Level 1
 * has no route that creates or edits employees, so a platform key cannot hold `users:write`.
 */
export const API_SCOPES_BY_AUDIENCE: Record<ApiKeyAudience, readonly ApiScope[]> = {
  company: API_SCOPES,
  platform: API_SCOPES.filter((scope) => scope !== 'users:write'),
};

/**
 * The secret's shape: `jobby_<public id>_<secret>`. The public id (12 lowercase hex characters)
 * finds the row by its unique index; only the secret's SHA-256 is stored.
 */
export const API_KEY_PREFIX = 'jobby_';
export const API_KEY_PATTERN = /^jobby_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** How a key's actions are signed in every history ("API: Nómina Buk"). */
export const apiKeyActorName = (keyName: string) => `API: ${keyName}`;
