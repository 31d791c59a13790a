/**
 * The API's self-description (/api/openapi.json, /api/docs), kept honest by construction: what each
 * operation requires and the error answers it can give are derived from the same route options that
 * enforce them (config.access, the input schemas, config.errors), and the routes Fastify does not
 * describe itself (better-auth's /api/auth/*, the WhatsApp webhook) are described here once. A test
 * lints the generated document with Redocly's recommended rules (test/api/docs/openapi.test.ts).
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import type { AppConfig } from '../config';
import type { ApiScope } from '../../domain/api-keys';
import type { Access } from './access';

type JsonObject = Record<string, unknown>;

const errorBodySchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Código estable del catálogo de errores (docs/api.md)' },
        message: { type: 'string', description: 'Texto en español para mostrar tal cual a la persona' },
        details: { description: 'En VALIDATION: los campos rechazados ({ in, path, message })' },
      },
    },
  },
} as const;

const STATUS_TEXT: Record<number, string> = {
  400: 'Datos no válidos',
  401: 'Sin sesión',
  403: 'Sin permiso',
  404: 'No encontrado',
  406: 'Formato no aceptado',
  409: 'Conflicto',
  413: 'Contenido demasiado grande',
  429: 'Demasiadas solicitudes',
  500: 'Error inesperado',
};

/** The answer of one status, listing the catalogue codes it may carry with their Spanish text. */
function errorResponse(status: number, codes: readonly ErrorCode[]): JsonObject {
  const lines = codes.map((code) => {
    const message = ERRORS[code].message;
    return `- \`${code}\`${typeof message === 'string' ? `: ${message}` : ''}`;
  });
  return {
    description: [STATUS_TEXT[status] ?? 'Error', ...lines].join('\n'),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  };
}

/** Groups error codes by their HTTP status. */
function byStatus(codes: Iterable<ErrorCode>): Map<number, ErrorCode[]> {
  const grouped = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERRORS[code].status;
    const list = grouped.get(status) ?? [];
    if (!list.includes(code)) list.push(code);
    grouped.set(status, list);
  }
  return grouped;
}

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error codes a route can answer whatever its handler does: those of the hooks every route
 * passes (access, cross-site refusal, inactive company), of schema validation and of the error
 * handler, plus the route's own `config.errors` (its domain refusals).
 */
function routeErrorCodes(route: Pick<RouteOptions, 'method' | 'config'>, schema: FastifySchema | undefined): ErrorCode[] {
  const config = (route.config ?? {}) as { access?: Access; apiScope?: ApiScope; errors?: readonly ErrorCode[]; whileCompanyInactive?: boolean; whileSurveyPending?: boolean };
  const changes = [route.method].flat().some((m) => CHANGING_METHODS.has(String(m)));
  const access = config.access;
  const codes: ErrorCode[] = [];
  if (schema?.body || schema?.querystring || schema?.params) codes.push('VALIDATION');
  if (schema?.body) codes.push('PAYLOAD_TOO_LARGE');
  if (access && access !== 'public') codes.push('UNAUTHENTICATED');
  if (access && access !== 'public' && access !== 'authenticated') {
    codes.push('FORBIDDEN');
    // access.ts refuseChangesOfInactiveCompany
    const companyLevels = access.levels.some((level) => level === 2 || level === 3);
    if (changes && companyLevels && !config.whileCompanyInactive) codes.push('COMPANY_INACTIVE');
    // access.ts: an employee whose profile survey is pending (decision 151).
    if (access.levels.includes(3) && !config.whileSurveyPending) codes.push('SURVEY_PENDING');
  }
  // access.ts resolveKeyActor: a key that is not (or no longer) valid, suspended (decision 352), over its limit, or without the scope.
  if (config.apiScope) codes.push('API_KEY_INVALID', 'API_KEY_SUSPENDED', 'API_KEY_SCOPE_MISSING', 'RATE_LIMITED');
  // access.ts refuseCrossSite: a state-changing call from another site.
  if (changes) codes.push('FORBIDDEN');
  if (schema?.params) codes.push('NOT_FOUND');
  // errors.ts: any route's database may be out of reach for a moment (decision 343).
  codes.push(...(config.errors ?? []), 'INTERNAL', 'DATABASE_UNAVAILABLE');
  return codes;
}

function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/_-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') || part.startsWith('{') ? `by ${part.replace(/[:{}]/g, '')}` : part));
  const camel = [method.toLowerCase(), ...words.flatMap((w) => w.split(' '))]
    .map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
  return camel.replace(/[^A-Za-z0-9]/g, '');
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Who may call: nobody needs anything on a public route; elsewhere the session cookie, and on a route
 * that declares an API scope also a key holding it (OpenAPI 3.1 lets a non-OAuth requirement name roles).
 */
function securityOf(access: Access | undefined, apiScope: ApiScope | undefined): JsonObject[] {
  if (access === 'public' || access === undefined) return [];
  return apiScope ? [{ session: [] }, { apiKey: [apiScope] }] : [{ session: [] }];
}

/** fastify-type-provider-zod's transform, then security, operationId and error answers per route. */
function transform(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input);
  const route = input.route as RouteOptions;
  if ((schema as { hide?: boolean } | undefined)?.hide) return { schema, url };
  const { access, apiScope } = (route.config ?? {}) as { access?: Access; apiScope?: ApiScope };
  const method = [route.method].flat().map(String).find((m) => m !== 'HEAD') ?? 'GET';
  const responses: JsonObject = { ...((schema as { response?: JsonObject }).response ?? {}) };
  for (const [status, codes] of byStatus(routeErrorCodes(route, input.schema as FastifySchema))) {
    if (!(status in responses)) responses[status] = errorResponse(status, codes);
  }
  return {
    url,
    schema: {
      ...schema,
      operationId: operationId(method, url),
      security: securityOf(access, apiScope),
      response: responses,
    },
  };
}

/** A documented operation that Fastify cannot describe from a schema. */
function operation(summary: string, tag: string, extra: JsonObject, errors: readonly ErrorCode[]): JsonObject {
  const responses: JsonObject = { ...((extra.responses as JsonObject | undefined) ?? {}) };
  for (const [status, codes] of byStatus([...errors, 'INTERNAL', 'DATABASE_UNAVAILABLE'])) responses[status] = errorResponse(status, codes);
  return { summary, tags: [tag], security: [], ...extra, responses };
}

const json = (schema: JsonObject) => ({ content: { 'application/json': { schema } } });
const emailPassword = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email: { type: 'string', format: 'email' }, password: { type: 'string' } },
};
const okBody = { type: 'object', properties: { ok: { type: 'boolean' } } };

/**
 * better-auth's endpoints that the product opens (auth/routes.ts ALLOWED) and the WhatsApp webhook:
 * their routes are catch-alls or raw-body routes, so they are described by hand. Kept beside
 * ALLOWED's list by the lint test, which fails when an allowed endpoint is missing here.
 */
const HAND_DOCUMENTED_PATHS: Record<string, JsonObject> = {
  '/api/auth/sign-in/email': {
    post: operation(
      'Iniciar sesión con correo y contraseña (deja la cookie de sesión)',
      'auth',
      { operationId: 'signInEmail', requestBody: { required: true, ...json(emailPassword) }, responses: { 200: { description: 'Sesión iniciada; Set-Cookie lleva la sesión' } } },
      ['LOGIN_INVALID_EMAIL', 'INVALID_CREDENTIALS', 'ACCOUNT_DISABLED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'TOO_MANY_ATTEMPTS'],
    ),
  },
  '/api/auth/sign-up/email': {
    post: operation(
      'Registrarse (nivel 3 si el dominio del correo es de una empresa)',
      'auth',
      {
        operationId: 'signUpEmail',
        requestBody: {
          required: true,
          ...json({ ...emailPassword, required: ['name', 'email', 'password'], properties: { ...emailPassword.properties, name: { type: 'string' } } }),
        },
        responses: { 200: { description: 'Cuenta creada (con verificación obligatoria, se envía un correo)' } },
      },
      ['VALIDATION', 'REGISTER_INVALID_EMAIL', 'PASSWORD_TOO_SHORT', 'NAME_REQUIRED', 'EMAIL_IN_USE', 'FORBIDDEN', 'TOO_MANY_ATTEMPTS'],
    ),
  },
  '/api/auth/sign-out': {
    post: operation('Cerrar sesión', 'auth', { operationId: 'signOut', security: [{ session: [] }], responses: { 200: { description: 'Sesión cerrada' } } }, ['FORBIDDEN']),
  },
  '/api/auth/get-session': {
    get: operation(
      'La sesión actual (null sin sesión)',
      'auth',
      { operationId: 'getSession', security: [{ session: [] }, {}], responses: { 200: { description: 'La sesión y su usuario, o null' } } },
      ['ACCOUNT_DISABLED'],
    ),
  },
  '/api/auth/send-verification-email': {
    post: operation(
      'Reenviar el correo de verificación',
      'auth',
      {
        operationId: 'sendVerificationEmail',
        requestBody: {
          required: true,
          ...json({ type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' }, callbackURL: { type: 'string', description: 'A dónde lleva el enlace del correo' } } }),
        },
        responses: { 200: { description: 'Misma respuesta para direcciones conocidas y desconocidas', ...json(okBody) } },
      },
      ['VALIDATION', 'FORBIDDEN', 'RATE_LIMITED'],
    ),
  },
  '/api/auth/verify-email': {
    get: operation(
      'Confirmar el correo con el enlace recibido',
      'auth',
      { operationId: 'verifyEmail', parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'Correo confirmado' }, 302: { description: 'Redirige a la aplicación' } } },
      ['VALIDATION'],
    ),
  },
  '/api/auth/request-password-reset': {
    post: operation(
      'Pedir un enlace para restablecer la contraseña',
      'auth',
      { operationId: 'requestPasswordReset', requestBody: { required: true, ...json({ type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' }, redirectTo: { type: 'string' } } }) }, responses: { 200: { description: 'Misma respuesta para direcciones conocidas y desconocidas', ...json(okBody) } } },
      ['VALIDATION', 'FORBIDDEN', 'RATE_LIMITED'],
    ),
  },
  '/api/auth/reset-password': {
    post: operation(
      'Fijar una contraseña nueva con el token del enlace',
      'auth',
      { operationId: 'resetPassword', requestBody: { required: true, ...json({ type: 'object', required: ['newPassword', 'token'], properties: { newPassword: { type: 'string' }, token: { type: 'string' } } }) }, responses: { 200: { description: 'Contraseña cambiada' } } },
      ['VALIDATION', 'PASSWORD_TOO_SHORT', 'FORBIDDEN'],
    ),
  },
  '/webhook/whatsapp': {
    get: operation(
      'Verificación del webhook por WhatsApp (hub.challenge)',
      'bot',
      {
        operationId: 'verifyWhatsappWebhook',
        parameters: ['hub.mode', 'hub.verify_token', 'hub.challenge'].map((name) => ({ name, in: 'query', required: true, schema: { type: 'string' } })),
        responses: { 200: { description: 'El hub.challenge recibido', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
      ['WEBHOOK_VERIFY_FAILED'],
    ),
    post: operation(
      'Mensajes entrantes de WhatsApp Cloud API, firmados con X-Hub-Signature-256',
      'bot',
      {
        operationId: 'receiveWhatsappWebhook',
        parameters: [{ name: 'x-hub-signature-256', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, ...json({ type: 'object', description: 'Carga del webhook de WhatsApp Cloud API' }) },
        responses: { 200: { description: 'Recibido', ...json({ type: 'object', properties: { stored: { type: 'integer' } } }) } },
      },
      ['WEBHOOK_SIGNATURE_INVALID', 'PAYLOAD_TOO_LARGE'],
    ),
  },
};

/**
 * Answers that are not JSON: the CSV exports and the live stream. Their routes send them raw, so
 * their 200 is rewritten here by path.
 */
function describeRawBodies(paths: Record<string, Record<string, JsonObject>>) {
  for (const [url, item] of Object.entries(paths)) {
    for (const op of Object.values(item)) {
      const responses = op.responses as JsonObject | undefined;
      if (!responses) continue;
      if (url.endsWith('.csv') || url.includes('/export')) {
        responses[200] = { description: 'Archivo CSV (UTF-8, separado por comas)', content: { 'text/csv': { schema: { type: 'string' } } } };
      } else if (url === '/api/events') {
        responses[200] = { description: 'Eventos en vivo (Server-Sent Events)', content: { 'text/event-stream': { schema: { type: 'string' } } } };
      }
    }
  }
}

export function openApiOptions(config: AppConfig): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      // 3.1: JSON Schema 2020-12, so a nullable field is `type: [..., 'null']`/anyOf with null, not 3.0's `nullable`.
      openapi: '3.1.0',
      info: {
        title: 'Jobby API',
        version: '1.0.0',
        description:
          'API de la plataforma de beneficios Jobby. La sesión es la cookie que deja /api/auth/sign-in/email ' +
          '(con HTTPS su nombre lleva el prefijo __Secure-). Los sistemas de una empresa usan en su lugar una clave de ' +
          'API (esquema apiKey) en las operaciones que la aceptan. Todo error responde { error: { code, message } } con ' +
          'el texto en español del catálogo (docs/api.md).',
        license: { name: 'Propietaria', identifier: 'LicenseRef-Jobby' },
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'jobby.session_token' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'jobby_<id>_<secreto>',
            description:
              'Clave de API de una empresa (nivel 2) o de la plataforma (nivel 1), creada en Integraciones: ' +
              '`Authorization: Bearer jobby_…`. Cada operación que la acepta nombra el permiso que exige; las demás la rechazan.',
          },
        },
        schemas: { ErrorBody: errorBodySchema as unknown as JsonObject },
      },
    },
    transform: transform as FastifyDynamicSwaggerOptions['transform'],
    transformObject: (documentObject) => {
      const document = (documentObject as { openapiObject: JsonObject }).openapiObject as { paths?: Record<string, Record<string, JsonObject>> };
      const paths = { ...(document.paths ?? {}), ...(HAND_DOCUMENTED_PATHS as Record<string, Record<string, JsonObject>>) };
      describeRawBodies(paths);
      return { ...document, paths } as never;
    },
  };
}
