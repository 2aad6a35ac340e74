/** Admin roles and two-factor sign-in (ADR 0051): the calls of accounts/two-factor.ts. */
import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import { signIn } from '../../accounts/auth.ts';
import { signInDevice } from '../../accounts/devices.ts';
import * as twoFactor from '../../accounts/two-factor.ts';

export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The sign-in's second step: public, like the login it completes.
  route(app, ctx, api.loginCode, async ({ body, req, reply }) => {
    const user = await twoFactor.completeChallenge(ctx, body);
    // The code was the second step: the session keeps that it passed it (ADR 0072).
    return signIn(ctx, user, { twoFactor: true }, signInDevice(ctx, req, reply));
  });
  route(app, ctx, api.adminSelf, async ({ user }) => ({
    message: twoFactor.adminSelf(ctx, user),
  }));
  route(app, ctx, api.twoFactorStart, async ({ user }) => ({
    message: await twoFactor.startEnrolment(ctx, user),
  }));
  route(app, ctx, api.twoFactorConfirm, async ({ user, body, sessionId }) => ({
    message: {
      recovery_codes: await twoFactor.confirmEnrolment(ctx, user, body.otp, sessionId),
    },
  }));
  route(app, ctx, api.admins, async () => ({ message: await twoFactor.listAdmins(ctx) }));
  route(app, ctx, api.setAdminRole, async ({ user, req, body }) => ({
    message: await twoFactor.setAdminRole(ctx, { admin: user, req }, body),
  }));
  route(app, ctx, api.resetTwoFactor, async ({ user, req, body }) => ({
    message: await twoFactor.resetTwoFactor(ctx, { admin: user, req }, body.user_id),
  }));
}
