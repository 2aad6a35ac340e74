import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import { requireVerified } from '../../wallet/wallet.ts';
import { resolveWithdrawal } from '../withdrawal-resolve.ts';
import * as withdrawals from '../withdrawals.ts';

/** Withdrawals to bank accounts (ADR 0084): the customer's calls and the admin's. */
export function withdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.banks, async () => ({ message: await withdrawals.banks(ctx) }));
  // A name behind an account number: only a verified account may ask (ADR 0088), as it may
  // withdraw; the look-up is rate limited per account (rate-limits.ts).
  route(app, ctx, api.resolveAccount, async ({ body, user }) => {
    requireVerified(user);
    return { message: await withdrawals.resolveAccount(ctx, body) };
  });
  route(app, ctx, api.withdrawalQuote, async ({ query }) => {
    const { amount, fee, duty, total } = await withdrawals.quote(ctx, query.amount);
    return { message: { amount, fee, duty, total } };
  });
  route(app, ctx, api.withdrawalState, async () => ({
    message: await withdrawals.withdrawalState(ctx),
  }));
  route(
    app,
    ctx,
    api.withdraw,
    async ({ body, user }) => ({ message: await withdrawals.withdraw(ctx, user, body) }),
    // A retry of the same X-Request-Id answers the withdrawal it made, as it stands now.
    { recover: async (id) => ({ message: await withdrawals.withdrawalAnswer(ctx, id) }) },
  );
  route(app, ctx, api.myWithdrawals, async ({ query, user }) =>
    withdrawals.myWithdrawals(ctx, user, query),
  );
  route(app, ctx, api.beneficiaries, async ({ user }) => ({
    message: await withdrawals.listBeneficiaries(ctx, user),
  }));
  route(app, ctx, api.deleteBeneficiary, async ({ params, user }) => ({
    message: await withdrawals.deleteBeneficiary(ctx, user, params.id),
  }));

  route(app, ctx, api.adminWithdrawals, async ({ query }) =>
    withdrawals.adminWithdrawals(ctx, query),
  );
  route(app, ctx, api.adminWithdrawal, async ({ params }) => ({
    message: await withdrawals.adminWithdrawal(ctx, params.id),
  }));
  route(app, ctx, api.requeryWithdrawal, async ({ params }) => ({
    message: await withdrawals.adminRequery(ctx, params.id),
  }));
  route(app, ctx, api.approveWithdrawal, async ({ params, user, req }) => ({
    message: await withdrawals.approve(ctx, { admin: user, req }, params.id),
  }));
  route(app, ctx, api.rejectWithdrawal, async ({ params, body, user, req }) => ({
    message: await withdrawals.reject(ctx, { admin: user, req }, params.id, body.reason),
  }));
  route(app, ctx, api.resolveWithdrawal, async ({ params, user, req }) => ({
    message: await resolveWithdrawal(ctx, { admin: user, req }, params.id),
  }));
  route(app, ctx, api.withdrawalSettings, async () => ({
    message: await withdrawals.withdrawalSettings(ctx.db),
  }));
  route(app, ctx, api.setWithdrawalSettings, async ({ body, user, req }) => ({
    message: await withdrawals.setWithdrawalSettings(ctx, { admin: user, req }, body),
  }));
}
