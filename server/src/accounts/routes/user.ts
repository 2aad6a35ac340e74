import { api, SERVER_MSG } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import * as auth from '../auth.ts';
import * as coupons from '../../purchases/coupons.ts';
import * as customerMail from '../../notifications/customer-mail.ts';
import * as history from '../../wallet/history.ts';
import * as notices from '../../notifications/notices.ts';
import * as recipients from '../../purchases/recipients.ts';
import * as users from '../users.ts';
import * as tiers from '../../purchases/tiers.ts';
import * as bvn from '../bvn.ts';
import { verificationFor } from '../verification.ts';
import type { VtuProvider } from '../../providers/types.ts';

async function balance(provider: VtuProvider) {
  try {
    return await provider.balance();
  } catch {
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
}

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.currentUser, async ({ user }) => ({
    message: await users.currentUser(ctx, user),
  }));
  route(app, ctx, api.myTransactions, async ({ user, query }) =>
    history.listMyTransactions(ctx, user, query),
  );
  route(app, ctx, api.myCoupons, async ({ user, query }) =>
    coupons.listMyCoupons(ctx, user, query),
  );
  route(app, ctx, api.myTier, async ({ user }) => ({ message: await tiers.myTier(ctx, user) }));
  route(app, ctx, api.users, async ({ query }) => users.listUsers(ctx, query));
  // The spec's `atgwallet`: the second float, Flutterwave bill payments (ADR 0040).
  route(app, ctx, api.atgBalance, async () => ({
    message: await balance(ctx.providers.flutterwave),
  }));
  route(app, ctx, api.vtBalance, async () => ({ message: await balance(ctx.providers.vt) }));
  route(app, ctx, api.changePassword, async ({ user, body, sessionId, req }) => ({
    message: await auth.changePassword(ctx, user, body, sessionId, req),
  }));
  route(app, ctx, api.resetPin, async ({ user, body, req, sessionId }) => ({
    message: await auth.resetPin(ctx, user, body, req, sessionId),
  }));
  // Settings → Verification (ADR 0058).
  route(app, ctx, api.verification, async ({ user }) => ({
    message: await verificationFor(ctx, user.id),
  }));
  // Level 2 by BVN with consent (ADR 0063): both call the provider (rate limited).
  route(app, ctx, api.startBvnVerification, async ({ user, body, req }) => ({
    message: await bvn.startBvn(ctx, user, body, req),
  }));
  route(app, ctx, api.completeBvnVerification, async ({ user, body, req }) => ({
    message: await bvn.completeBvn(ctx, user, body, req),
  }));
  route(app, ctx, api.mailPreferences, async ({ user }) => ({
    message: await customerMail.mailPreferences(ctx, user),
  }));
  route(app, ctx, api.setMailPreferences, async ({ user, body }) => ({
    message: await customerMail.setMailPreferences(ctx, user, body),
  }));
  route(app, ctx, api.notices, async ({ user }) => ({
    message: await notices.listNotices(ctx, user.id),
  }));
  route(app, ctx, api.readNotices, async ({ user, body }) => ({
    message: await notices.markNoticesRead(ctx, user.id, body),
  }));
  route(app, ctx, api.recipients, async ({ user }) => ({
    message: await recipients.listRecipients(ctx, user),
  }));
  route(app, ctx, api.saveRecipient, async ({ user, body }) => ({
    message: await recipients.saveRecipient(ctx, user, body),
  }));
  route(app, ctx, api.deleteRecipient, async ({ user, params }) => ({
    message: await recipients.deleteRecipient(ctx, user, params.id),
  }));
  route(app, ctx, api.blockUser, async ({ body, user, req }) => {
    // An admin cannot lock themselves out (the last admin would leave no one to unblock).
    if (body.id === user.id) throw new ApiError('forbidden', SERVER_MSG.forbidden);
    return {
      message: await users.setBlocked(ctx, { admin: user, req }, body.id, true, body.reason),
    };
  });
  route(app, ctx, api.unblockUser, async ({ body, user, req }) => ({
    message: await users.setBlocked(ctx, { admin: user, req }, body.id, false),
  }));
}
