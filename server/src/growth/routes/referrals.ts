import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import * as referrals from '../referrals.ts';

/** Referral commissions (ADR 0056): the customer's page and the admin's rates. */
export function referralRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.myReferrals, async ({ user, query }) =>
    referrals.myReferrals(ctx, user, query),
  );
  route(app, ctx, api.referralSettings, async () => ({
    message: await referrals.referralSettings(ctx),
  }));
  route(app, ctx, api.setReferralSettings, async ({ body, user, req }) => ({
    message: await referrals.setReferralSettings(ctx, { admin: user, req }, body),
  }));
}
