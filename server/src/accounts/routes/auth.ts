import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import * as auth from '../auth.ts';
import { signInDevice } from '../devices.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.register, async ({ body }) => ({ message: await auth.register(ctx, body) }));
  route(app, ctx, api.login, async ({ body, req, reply }) =>
    auth.login(ctx, body, req.ip, signInDevice(ctx, req, reply)),
  );
  route(app, ctx, api.refresh, async ({ body }) => auth.refresh(ctx, body.refresh_token));
  route(app, ctx, api.logout, async ({ user, sessionId, req }) => {
    const header = req.headers['x-refresh-token'];
    return {
      message: await auth.logout(
        ctx,
        user,
        sessionId,
        typeof header === 'string' ? header : undefined,
      ),
    };
  });
  route(app, ctx, api.verifyEmail, async ({ body }) => ({
    message: await auth.verifyEmail(ctx, body.token),
  }));
  route(app, ctx, api.resendVerification, async ({ body }) => ({
    message: await auth.resendVerification(ctx, body.email),
  }));
  route(app, ctx, api.initiateReset, async ({ body }) => ({
    message: await auth.initiateReset(ctx, body.email),
  }));
  route(app, ctx, api.verifyResetToken, async ({ body }) => ({
    message: await auth.verifyResetToken(ctx, body.token),
  }));
  route(app, ctx, api.resetPassword, async ({ body, req }) => ({
    message: await auth.resetPassword(ctx, body, req),
  }));
  route(app, ctx, api.createPin, async ({ body, user, req, sessionId }) => ({
    message: await auth.createPin(ctx, user, body.pin, req, sessionId),
  }));
}
