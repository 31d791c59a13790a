import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { balancesSchema, meSchema, updateProfileSchema } from '#domain/schemas/me';
import { changePasswordSchema, themeSchema } from '#domain/schemas/auth';
import { AppError } from '#domain/errors';
import { actorOf } from '../../http/access';
import { getWalletBalances } from '../ledger/index';
import { listOwnWallet } from '../ledger-views/index';
import { historyPageSchema, walletQuerySchema } from '#domain/schemas/economy';
import { beginPasswordCheck } from '../rate-limit/index';
import { setThemePreference, toMe, updateProfile } from '../users/index';

const ok = z.object({ ok: z.literal(true) });

/** The signed-in user's own record: /profile, theme toggle, header balances. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/me', {
    config: { access: 'authenticated' },
    schema: { tags: ['me'], summary: 'El usuario de la sesión', response: { 200: meSchema } },
    handler: async (request) => toMe(actorOf(request)),
  });

  app.patch('/me', {
    config: { access: 'authenticated' },
    schema: { tags: ['me'], summary: 'Editar nombre y teléfono', body: updateProfileSchema, response: { 200: meSchema } },
    handler: async (request) => {
      const actor = actorOf(request);
      await updateProfile(app.deps.db, actor, request.body);
      const { name, phone } = request.body;
      return toMe({ ...actor, name, phone: phone === undefined ? actor.phone : phone || null });
    },
  });

  app.put('/me/theme', {
    config: { access: 'authenticated' },
    schema: { tags: ['me'], summary: 'Guardar el tema claro u oscuro', body: themeSchema, response: { 200: ok } },
    handler: async (request) => {
      await setThemePreference(app.deps.db, actorOf(request), request.body.theme);
      return { ok: true as const };
    },
  });

  app.post('/me/password', {
    config: { access: 'authenticated' },
    schema: { tags: ['me'], summary: 'Cambiar la contraseña', body: changePasswordSchema, response: { 200: ok } },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      // The current password is a password check like sign-in: same limiter, same account counter.
      const attempt = await beginPasswordCheck(app.deps.db, app.deps.config, actor.email, request.ip);
      try {
        // Revokes every other session: whoever knew the old password is signed out. This
        // session is replaced by a new one, whose cookie goes back to the caller.
        const { headers } = await app.deps.auth.api.changePassword({
          headers: fromNodeHeaders(request.headers),
          body: { currentPassword: request.body.currentPassword, newPassword: request.body.newPassword, revokeOtherSessions: true },
          returnHeaders: true,
        });
        for (const cookie of headers.getSetCookie()) reply.header('set-cookie', cookie);
      } catch (error) {
        const code = (error as { body?: { code?: string } }).body?.code;
        if (code === 'INVALID_PASSWORD') throw new AppError('CURRENT_PASSWORD_WRONG');
        if (code === 'PASSWORD_TOO_SHORT') throw new AppError('PASSWORD_TOO_SHORT');
        throw error;
      }
      await attempt.succeeded();
      return { ok: true as const };
    },
  });

  app.get('/me/balances', {
    config: { access: { levels: [3] } },
    schema: { tags: ['me'], summary: 'Saldos Flexibles y Empresa del colaborador', response: { 200: balancesSchema } },
    handler: async (request) => getWalletBalances(app.deps.db, { userId: actorOf(request).id, companyId: actorOf(request).companyId }),
  });

  // Level 3's own wallet only: the owner comes from the session, never from the query (decision 203).
  app.get('/me/wallet', {
    config: { access: { levels: [3] } },
    schema: { tags: ['me'], summary: 'Movimientos de mi saldo Flexibles o Empresa, con el saldo después de cada uno', querystring: walletQuerySchema, response: { 200: historyPageSchema } },
    handler: async (request) => listOwnWallet(app.deps.db, request.query, { userId: actorOf(request).id, companyId: actorOf(request).companyId }),
  });
};
