/**
 * The one error catalogue. Every code has its HTTP status and the exact Spanish text of the spec
 * (spec part 1 §8, spec part 2 §8). Services throw `AppError(code, params)`; the server's error handler turns
 * it into `{ error: { code, message } }` and the web shows `message` as it is.
 */

import { tokens } from './plural';

type MessageFn = (params: Record<string, string | number>) => string;

type CatalogueEntry = { status: number; message: string | MessageFn };

export const ERRORS = {
  // Generic
  VALIDATION: { status: 400, message: 'Los datos enviados no son válidos' },
  UNAUTHENTICATED: { status: 401, message: 'Debes iniciar sesión para continuar' },
  FORBIDDEN: { status: 403, message: 'No tienes permiso para realizar esta acción' },
  NOT_FOUND: { status: 404, message: 'Recurso no encontrado' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'El contenido enviado es demasiado grande' },
  RATE_LIMITED: { status: 429, message: 'Demasiadas solicitudes. Intenta nuevamente en un momento.' },
  // GET /api/events speaks only text/event-stream.
  EVENT_STREAM_ONLY: { status: 406, message: 'Esta dirección envía eventos en vivo (text/event-stream)' },
  // Live streams per person and server copy: a tab opens one; more means a loop or abuse.
  TOO_MANY_LIVE_STREAMS: { status: 429, message: 'Tienes demasiadas pestañas con actualizaciones en vivo abiertas. Cierra alguna e intenta nuevamente.' },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    message: 'Esta operación ya se envió con otros datos. Recarga la página e intenta nuevamente.',
  },
  // Not in the spec (decision 366): level 1's 'Reintentar' of an event that is not dead (any more) or does not exist.
  DEAD_EVENT_NOT_FOUND: { status: 404, message: 'Evento fallido no encontrado' },
  INTERNAL: { status: 500, message: 'Ocurrió un error inesperado. Intenta nuevamente.' },
  // Not in the spec (decision 343): the database's connection was lost or did not answer in time.
  DATABASE_UNAVAILABLE: { status: 503, message: 'El servicio no está disponible en este momento. Intenta de nuevo en unos segundos.' },

  // Sign-in (spec part 1 §8, by auth error code)
  INVALID_CREDENTIALS: { status: 401, message: 'Credenciales incorrectas. Verifica tu correo y contraseña.' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Demasiados intentos fallidos. Intenta más tarde.' },
  ACCOUNT_DISABLED: { status: 403, message: 'Esta cuenta ha sido deshabilitada.' },
  LOGIN_INVALID_EMAIL: { status: 400, message: 'El formato del correo electrónico no es válido.' },
  // Not in the spec (decision 27): the screen offers 'Reenviar correo'.
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Debes verificar tu correo electrónico antes de iniciar sesión.' },
  LOGIN_OTHER: {
    status: 400,
    message: (p) => `Error al iniciar sesión: ${p.message} (${p.code})`,
  },

  // Registration (spec part 1 §5, §8)
  EMAIL_IN_USE: { status: 409, message: 'Este correo electrónico ya está en uso' },
  REGISTER_INVALID_EMAIL: { status: 400, message: 'El formato del correo electrónico no es válido' },
  WEAK_PASSWORD: { status: 400, message: 'La contraseña es demasiado débil' },
  PASSWORD_TOO_SHORT: { status: 400, message: 'La contraseña debe tener al menos 6 caracteres' },
  PASSWORDS_DO_NOT_MATCH: { status: 400, message: 'Las contraseñas no coinciden' },
  REGISTER_OTHER: { status: 400, message: (p) => `Error al registrarse: ${p.message}` },

  // Session (spec part 1 §8)
  USER_RECORD_MISSING: { status: 404, message: 'No se encontraron datos de usuario. Contacta al administrador.' },
  SESSION_LOAD_FAILED: { status: 500, message: (p) => `Error al cargar datos de usuario: ${p.message}` },

  // Password reset (not in the spec, decision 30)
  RESET_LINK_INVALID: { status: 400, message: 'El enlace para restablecer la contraseña no es válido o ya venció.' },

  // Profile (decision: the spec leaves /profile open)
  CURRENT_PASSWORD_WRONG: { status: 400, message: 'La contraseña actual no es correcta' },
  NAME_REQUIRED: { status: 400, message: 'El nombre es obligatorio' },
  // Not in the spec: a name must show what is stored (src/domain/schemas/names.ts).
  NAME_INVISIBLE_CHARACTERS: { status: 400, message: 'El nombre contiene caracteres invisibles o de control no permitidos' },
  NAME_WITHOUT_LETTERS: { status: 400, message: 'El nombre debe contener al menos una letra' },

  // Companies (spec part 1 §5, §8)
  NO_COMPANY_ASSIGNED: { status: 409, message: 'No se ha asignado una empresa a este usuario' },
  COMPANY_REQUIRED: { status: 400, message: 'Los campos Nombre, Contacto y Email son obligatorios' },
  COMPANY_NOT_FOUND: { status: 404, message: 'Empresa no encontrada' },
  // Editing an achievement rule (decision 204): a granted rule keeps its condition type.
  RULE_TYPE_LOCKED: {
    status: 409,
    message: 'Esta regla ya fue otorgada: su tipo de condición no se puede cambiar. Crea una regla nueva para otra condición.',
  },
  // Not in the spec: the scheduled monthly allowance skips inactive companies, and so does 'Asignar ahora'.
  ALLOWANCE_COMPANY_INACTIVE: { status: 409, message: 'La empresa está inactiva: no recibe la asignación mensual' },
  // Not in the spec: the unique indexes on lower(name) and lower(email_domain) answered in Spanish.
  COMPANY_NAME_IN_USE: { status: 409, message: 'Ya existe una empresa con ese nombre' },
  COMPANY_DOMAIN_IN_USE: { status: 409, message: 'Ya existe una empresa con ese dominio de correo' },
  COMPANY_DOMAIN_INVALID: { status: 400, message: 'El dominio de correo no es válido (por ejemplo: empresa.cl)' },
  // Not in the spec: every self-registered address of the domain joins the company.
  COMPANY_DOMAIN_WEBMAIL: { status: 400, message: 'El dominio de correo no puede ser de un servicio de correo público (como gmail.com): usa el dominio propio de la empresa' },
  COMPANY_DOMAIN_RESERVED: { status: 400, message: 'El dominio de correo no puede ser el de la plataforma ni el de proveedores' },
  COMPANY_MAX_USERS_MIN: { status: 400, message: 'El máximo de usuarios debe ser al menos 1' },
  ADMIN_EMAIL_PREFIX: { status: 400, message: 'El correo del administrador debe comenzar con "admin@"' },
  // Not in the spec: an HR admin in the staff or provider domain would also count as staff or provider.
  ADMIN_EMAIL_RESERVED_DOMAIN: { status: 400, message: 'El correo del administrador no puede usar el dominio de la plataforma ni el de proveedores' },
  ADMIN_CREATE_FAILED: { status: 500, message: 'Error al crear administrador' },

  // Tokens, requests, redemption (spec part 1 §5, §8; spec part 2 §5, §8)
  INSUFFICIENT_JOBBY_TOKENS: {
    status: 409,
    message: (p) => `No tienes suficientes tokens Jobby. Necesitas ${tokens(Number(p.needed))}, pero solo tienes ${p.held}.`,
  },
  INSUFFICIENT_COMPANY_TOKENS: {
    status: 409,
    message: (p) =>
      `No tienes suficientes tokens de empresa. Necesitas ${tokens(Number(p.needed))}, pero solo tienes ${p.held}.`,
  },
  INVALID_TOKEN_QUANTITY: {
    status: 400,
    message: 'Por favor, selecciona un usuario y especifica una cantidad válida',
  },
  // Not in the spec: the token form's quantity field once a user IS chosen (the spec's message above
  // names both faults and read as if nobody had been chosen; decision 58).
  TOKEN_QUANTITY_OUT_OF_RANGE: { status: 400, message: 'La cantidad debe estar entre 1 y 100 tokens' },
  REMOVE_EXCEEDS_BALANCE: {
    status: 409,
    message: (p) => `No se pueden quitar ${tokens(Number(p.amount))}. El usuario solo tiene ${tokens(Number(p.held))}.`,
  },
  ASSIGN_FIELDS_REQUIRED: { status: 400, message: 'Por favor complete todos los campos requeridos' },
  // Not in the spec (decisions 358–361): a decimal amount, a large grant's second
  // confirmation, and the reversal of a grant.
  TOKEN_QUANTITY_NOT_INTEGER: { status: 400, message: 'La cantidad debe ser un número entero' },
  LARGE_GRANT_UNCONFIRMED: {
    status: 409,
    message: (p) =>
      `Asignar ${tokens(Number(p.amount))} a una persona supera el umbral de ${tokens(Number(p.threshold))}: confirma la asignación grande (confirmLarge: true).`,
  },
  GRANT_NOT_FOUND: { status: 404, message: 'Asignación no encontrada' },
  GRANT_NOT_REVERSIBLE: { status: 409, message: 'Solo se puede revertir una asignación de tokens; una reversión no se revierte.' },
  GRANT_COMPANY_TOKENS_HR_ONLY: { status: 409, message: 'Una asignación de tokens de empresa solo la revierte RR.HH. de esa empresa.' },
  GRANT_ALREADY_REVERSED: { status: 409, message: 'Esta asignación ya fue revertida.' },
  REVERSAL_EXCEEDS_BALANCE: {
    status: 409,
    message: (p) => `No se puede revertir la asignación de ${tokens(Number(p.amount))}: el colaborador solo tiene ${tokens(Number(p.held))}.`,
  },
  BULK_ASSIGN_INVALID: { status: 400, message: 'Seleccione usuarios y especifique una cantidad válida' },
  REQUEST_NOT_FOUND: { status: 404, message: 'Solicitud no encontrada' },
  REQUEST_NOT_PENDING: { status: 409, message: 'La solicitud ya fue procesada' },
  INSTRUCTIONS_REQUIRED: { status: 400, message: 'Las instrucciones son obligatorias para aprobar esta solicitud' },
  USER_NOT_FOUND: { status: 404, message: 'Usuario no encontrado' },
  // Not in the spec: HR's company tokens go to active employees only (decisions 121 and 122).
  EMPLOYEE_INACTIVE: { status: 409, message: 'El colaborador está inactivo: no puede recibir tokens' },
  BENEFIT_NOT_FOUND: { status: 404, message: 'Beneficio no encontrado' },
  BENEFIT_UNAVAILABLE: { status: 409, message: 'Este beneficio no está disponible' },
  BENEFIT_OUT_OF_STOCK: { status: 409, message: 'Este beneficio está agotado' },
  ALREADY_REDEEMED: { status: 409, message: 'Ya canjeado' },
  REDEEMER_INACTIVE: { status: 403, message: 'Tu cuenta o tu empresa no están activas' },
  PLATFORM_BENEFIT_REQUIRED: {
    status: 400,
    message: 'Los campos Título, Descripción y Tipo son obligatorios',
  },
  COMPANY_BENEFIT_REQUIRED: { status: 400, message: 'Los campos Título y Descripción son obligatorios' },
  // Not in the spec: a company benefit's window must not end before it starts.
  BENEFIT_DATES_OUT_OF_ORDER: { status: 400, message: 'La fecha de término debe ser posterior a la de inicio' },
  // Not in the spec: a platform benefit can only be linked to an existing provider (level 4) user.
  INVALID_PROVIDER: { status: 400, message: 'El proveedor seleccionado no existe o no es un proveedor' },

  // Providers (spec part 1 §5 "Provider", §8)
  PROVIDER_EMAIL_DOMAIN: { status: 400, message: (p) => `El email debe terminar con @${p.host} para ser un proveedor` },
  PROVIDER_NAME_TOO_SHORT: { status: 400, message: 'El nombre debe tener al menos 3 caracteres' },
  // Not in the spec: an id that is not a provider's.
  PROVIDER_NOT_FOUND: { status: 404, message: 'Proveedor no encontrado' },

  // Levels (spec part 1 §2 "Assign levels"; the protections are not in the spec)
  USER_LEVEL_INVALID: { status: 400, message: 'El nivel debe ser 1, 2, 3, 4 o ninguno' },
  LAST_PLATFORM_ADMIN: { status: 409, message: 'No se puede quitar el nivel 1 a la última cuenta de administrador de la plataforma' },
  OWN_PLATFORM_ADMIN: { status: 409, message: 'No puedes quitarte tu propio nivel 1. Pide a otro administrador de la plataforma que lo haga.' },

  // A deactivated company (not in the spec): its people read, they change nothing.
  COMPANY_INACTIVE: { status: 403, message: 'Tu empresa está inactiva: puedes consultar tu información, pero no realizar cambios.' },
  // Level 3 economy routes wait for the profile survey: the server is the gate, not the web.
  SURVEY_PENDING: { status: 403, message: 'Completa tu encuesta de perfil para ver y canjear beneficios.' },

  // Company HR (spec part 2 §5, §8)
  COMPANY_EMAIL_MISMATCH: { status: 400, message: (p) => `El correo debe pertenecer a la empresa: nombre@${p.domain}` },
  COMPANY_USER_LIMIT: { status: 409, message: (p) => `Se ha alcanzado el límite de usuarios para esta empresa (${p.maxUsers})` },
  COMPANY_USER_EMAIL_IN_USE: { status: 409, message: 'Ya existe un usuario con ese correo electrónico' },
  // Not in the spec: an address of another company's domain or of the platform's is not HR's to create.
  COMPANY_USER_EMAIL_FOREIGN_DOMAIN: { status: 400, message: 'El correo no puede ser del dominio de otra empresa ni de los dominios de Jobby. Usa el correo propio de la persona.' },
  // Not in the spec: level 1 removes a wrongly created account only while it has no history.
  USER_HAS_HISTORY: { status: 409, message: 'No se puede eliminar esta cuenta porque ya tiene movimientos de tokens, solicitudes o códigos. Desactívala en su lugar.' },
  OWN_ACCOUNT_DELETE: { status: 409, message: 'No puedes eliminar tu propia cuenta' },
  // Not in the spec (decision 72): a bare username needs the company's email domain.
  COMPANY_DOMAIN_MISSING: { status: 409, message: 'La empresa no tiene un dominio de correo registrado. Escribe el correo completo o pide a Jobby que registre el dominio.' },
  // Not in the spec: importing employees from a spreadsheet, and invitations.
  IMPORT_ROW_DUPLICATE: { status: 400, message: (p) => `El correo está repetido en el archivo (ya aparece en la línea ${p.line})` },
  IMPORT_TYPE_INVALID: { status: 400, message: 'El tipo debe ser A o B' },
  // Decision 349: another company's address or number, without saying whose or why — the
  // preview must not tell HR who is registered elsewhere.
  IMPORT_EMAIL_UNAVAILABLE: { status: 409, message: 'No es posible usar este correo electrónico' },
  IMPORT_PHONE_UNAVAILABLE: { status: 409, message: 'No es posible usar este número de teléfono' },
  INVITATION_NOT_FOUND: { status: 404, message: 'Esta persona no tiene una invitación pendiente' },
  // Decision 354: a disabled account is not invited again.
  INVITATION_USER_DISABLED: { status: 409, message: 'Esta persona está desactivada: actívala antes de reenviarle la invitación' },
  // Not in the spec: a product link is a web address the provider can open.
  PRODUCT_LINK_INVALID: { status: 400, message: 'El enlace del producto debe ser una dirección web que comience con http:// o https://' },

  // Surveys (spec part 2 §4): a type B user answers survey B only, and a type A user survey A only.
  SURVEY_WRONG_TYPE: { status: 403, message: 'Esta encuesta no corresponde a tu perfil' },
  // Not in the spec: level 1 opens a survey that does not exist (or no longer does).
  SURVEY_NOT_FOUND: { status: 404, message: 'Encuesta no encontrada' },

  // Provider verification (spec part 2 §5, §8)
  CODE_REQUIRED: { status: 400, message: 'Por favor, ingresa un código de token' },
  CODE_NOT_FOUND: { status: 404, message: 'Token no encontrado' },
  CODE_USED_OR_INACTIVE: { status: 409, message: 'El token ya ha sido utilizado o ha expirado' },
  CODE_EXPIRED: { status: 409, message: 'El token ha expirado' },
  CODE_INVALID: { status: 409, message: 'Token inválido o ya utilizado' },
  PROVIDER_INACTIVE: { status: 403, message: 'Tu cuenta de proveedor está inactiva' },
  VERIFY_RATE_LIMITED: {
    status: 429,
    message: 'Demasiados intentos de verificación. Espera un minuto e intenta nuevamente.',
  },

  // API keys (not in the spec, decision 220)
  API_KEY_INVALID: { status: 401, message: 'La clave de API no es válida, fue revocada o venció' },
  API_KEY_SCOPE_MISSING: { status: 403, message: 'La clave de API no tiene permiso para esta operación' },
  API_KEY_NOT_FOUND: { status: 404, message: 'Clave de API no encontrada' },
  API_KEY_NAME_REQUIRED: { status: 400, message: 'Ingresa un nombre para la clave' },
  API_KEY_SCOPES_REQUIRED: { status: 400, message: 'Elige al menos un permiso' },
  API_KEY_SCOPE_NOT_OFFERED: { status: 400, message: 'Ese permiso no está disponible para esta clave' },
  API_KEY_EXPIRY_PAST: { status: 400, message: 'La fecha de vencimiento no puede ser anterior a hoy' },
  // Decision 352: a key rests on its responsible's rights.
  API_KEY_SUSPENDED: {
    status: 403,
    message: 'La clave de API está suspendida: la persona responsable ya no tiene acceso. Otra persona de RR.HH. de la empresa debe confirmarla en Integraciones.',
  },
  API_KEY_NOT_SUSPENDED: { status: 409, message: 'Esta clave no necesita confirmación: su responsable tiene acceso' },
  API_KEY_CONFIRM_OWN: { status: 403, message: 'Otra persona debe confirmar esta clave: tú la creaste' },

  // Wellbeing bot (spec part 1 §8, spec part 2 §8; the rest not in the spec, decision 90)
  BOT_ACCESS_UPDATE_FAILED: { status: 500, message: 'Error al actualizar el acceso del bot' },
  BOT_CONFIG_SAVE_FAILED: { status: 500, message: 'Error al guardar la configuración' },
  BOT_ACCESS_REQUIRED: { status: 409, message: 'Tu empresa no tiene habilitado el acceso al bot. Contacta a la administración de Jobby.' },
  BOT_NUMBER_REQUIRED: { status: 400, message: 'Ingresa el número de WhatsApp para activar el bot' },
  PHONE_INVALID: { status: 400, message: 'El número no es válido: usa el formato internacional, por ejemplo +56 9 1234 5678' },
  PHONE_IN_USE: { status: 409, message: 'Ese número ya está registrado para otro colaborador' },
  ALERT_NOT_FOUND: { status: 404, message: 'Alerta no encontrada' },
  ALERT_ALREADY_HANDLED: { status: 409, message: 'Esta alerta ya fue atendida' },
  ACTION_REQUIRED: { status: 400, message: 'Describe la acción tomada' },
  // Not in the spec (decisions 240–242): check-ins and level 1's answer to a bot request.
  CHECK_IN_WINDOW_INVALID: { status: 400, message: 'Usa horarios de 24 horas como 10:00-11:00, con el fin después del inicio' },
  // Decision 357.
  CHECK_IN_WINDOW_OUTSIDE_HOURS: { status: 400, message: 'Los horarios de contacto deben estar entre las 08:00 y las 21:00 (hora de Chile); los check-ins salen solo de lunes a viernes' },
  CHECK_IN_TEMPLATE_INVALID: { status: 400, message: 'El nombre de la plantilla solo puede tener minúsculas, números y guiones bajos' },
  CHECK_IN_LANGUAGE_INVALID: { status: 400, message: 'Usa un código de idioma de WhatsApp, por ejemplo es o es_CL' },
  BOT_REQUEST_NOT_FOUND: { status: 404, message: 'Solicitud no encontrada' },
  BOT_REQUEST_ALREADY_DECIDED: { status: 409, message: 'Esta solicitud ya fue respondida' },
  BOT_REQUEST_REASON_REQUIRED: { status: 400, message: 'Indica el motivo del rechazo' },
  BOT_REQUEST_DECIDE_FAILED: { status: 500, message: 'Error al responder la solicitud' },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, message: 'Firma del webhook no válida' },
  WEBHOOK_VERIFY_FAILED: { status: 403, message: 'Token de verificación no válido' },

  // Webhooks out (not in the spec, decision 232)
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: 'Endpoint no encontrado' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: 'Entrega no encontrada' },
  WEBHOOK_URL_NOT_ALLOWED: { status: 400, message: (p) => `La URL del endpoint no está permitida: ${p.reason}` },
  WEBHOOK_ENDPOINT_INACTIVE: { status: 409, message: 'El endpoint está desactivado. Actívalo para enviarle eventos.' },
  // Decision 356.
  WEBHOOK_ENDPOINT_LIMIT: { status: 409, message: (p) => `Ya tienes ${p.max} endpoints, el máximo. Edita uno de ellos para usar otra URL.` },
  WEBHOOK_URL_IN_USE: { status: 409, message: 'Ya tienes un endpoint con esa URL' },
  // Decision 307: sealed under another BETTER_AUTH_SECRET; a rotation makes a new one.
  WEBHOOK_SECRET_UNREADABLE: { status: 409, message: 'No se pudo abrir el secreto de un webhook: ¿cambió BETTER_AUTH_SECRET? Rota el secreto del endpoint.' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERRORS;

export type ErrorBody = { error: { code: ErrorCode | string; message: string; details?: unknown } };

export function errorMessage(code: ErrorCode, params: Record<string, string | number> = {}): string {
  const entry: CatalogueEntry = ERRORS[code];
  return typeof entry.message === 'function' ? entry.message(params) : entry.message;
}

function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: Record<string, string | number>;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}) {
    super(errorMessage(code, params));
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus(code);
    this.params = params;
  }
}
