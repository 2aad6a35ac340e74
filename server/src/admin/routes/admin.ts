import { api, SERVER_MSG } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import * as catalogue from '../../purchases/catalogue.ts';
import { syncCatalogue } from '../../purchases/catalogue-sync.ts';
import { overview } from '../admin-stats.ts';
import { reconcile } from '../reconciliation.ts';
import { listAudit, recordAudit } from '../audit.ts';
import * as transfers from '../../funding/transfers.ts';
import * as tiers from '../../purchases/tiers.ts';
import * as pending from '../../purchases/pending-purchases.ts';
import * as disputes from '../../purchases/disputes.ts';
import { adjustmentRoutes } from './adjustments.ts';
import { fourEyesRoutes } from './four-eyes.ts';
import { verificationRoutes } from './verification.ts';
import { providerRoutes } from './providers.ts';
import { twoFactorRoutes } from './two-factor.ts';
import { secretRoutes } from './secrets.ts';

export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.adminOverview, async () => ({
    // The configured clock (frozen in tests), as the operator costs' day.
    message: await overview(ctx, (ctx.config.clock ?? Date.now)()),
  }));
  route(app, ctx, api.reconciliation, async () => ({ message: await reconcile(ctx) }));
  route(app, ctx, api.products, async () => ({
    message: await catalogue.wholeCatalogue(ctx.db),
  }));
  route(app, ctx, api.editProduct, async ({ body, user, req }) =>
    ctx.dbh.writeTx(async (trx) => {
      const edit = await catalogue.editPlan(trx, body);
      if (!edit) throw new ApiError('not_found', SERVER_MSG.productNotFound);
      await recordAudit(
        trx,
        { admin: user, req },
        {
          action: 'product.edit',
          targetType: 'plan',
          targetId: edit.id,
          targetLabel: edit.label,
          before: edit.before,
          after: edit.after,
        },
      );
      return { message: SERVER_MSG.productUpdated };
    }),
  );

  // "Sync now" on the price pages (ADR 0044): asks every provider, so rate limited.
  route(app, ctx, api.syncCatalogue, async ({ user, req }) => ({
    message: await syncCatalogue(ctx, { admin: user, req }, 'manual'),
  }));

  // ── held bank transfers and the audit log ──
  route(app, ctx, api.heldTransfers, async ({ query }) => transfers.listHeld(ctx, query));
  route(app, ctx, api.assignTransfer, async ({ body, user, req }) => ({
    message: await transfers.assignTransfer(ctx, { admin: user, req }, body),
  }));
  route(app, ctx, api.auditLog, async ({ query }) => listAudit(ctx.db, query));

  // ── price tiers (ADR 0027) ──
  route(app, ctx, api.tiers, async () => ({ message: await tiers.listTiers(ctx.db) }));
  route(app, ctx, api.createTier, async ({ body, user, req }) => ({
    message: await tiers.createTier(ctx, { admin: user, req }, body),
  }));
  route(app, ctx, api.editTier, async ({ params, body, user, req }) => ({
    message: await tiers.editTier(ctx, { admin: user, req }, params.id, body),
  }));
  route(app, ctx, api.setUserTier, async ({ body, user, req }) => ({
    message: await tiers.setUserTier(ctx, { admin: user, req }, body),
  }));

  // ── purchases pending past the alert age (ADR 0041) ──
  route(app, ctx, api.pendingPurchases, async ({ query }) => pending.listPending(ctx, query));
  route(app, ctx, api.requeryPending, async ({ body, user, req }) => ({
    message: await pending.requeryPending(ctx, { admin: user, req }, body.id),
  }));
  route(app, ctx, api.failPending, async ({ body, user, req }) => ({
    message: await pending.failPending(ctx, { admin: user, req }, body.id),
  }));
  route(app, ctx, api.deliverPending, async ({ body, user, req }) => ({
    message: await pending.deliverPending(ctx, { admin: user, req }, body),
  }));
  // ── disputed purchases: the provider against how one was settled (ADR 0073) ──
  route(app, ctx, api.purchaseDisputes, async ({ query }) => disputes.listDisputes(ctx, query));
  route(app, ctx, api.resolveDispute, async ({ body, user, req }) => ({
    message: await disputes.resolveDispute(ctx, { admin: user, req }, body),
  }));

  // ── manual wallet adjustments, maker-checker (ADR 0050) ──
  adjustmentRoutes(app, ctx);
  fourEyesRoutes(app, ctx);
  verificationRoutes(app, ctx);
  // ── provider order, breaker, floats and the sandbox fault switch (ADR 0052) ──
  providerRoutes(app, ctx);
  twoFactorRoutes(app, ctx);
  // ── coupon codes, tokens and pins: masked for admins, revealed one at a time (ADR 0071) ──
  secretRoutes(app, ctx);
}
