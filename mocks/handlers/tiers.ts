import { api, DEFAULT_TIER_ID, MAX_TIERS, SERVER_MSG, TIER_MSG, tierBelowCost } from '@contract';
import { now } from '../clock';
import { me } from '../contract-handler';
import { db, findUser, nextId } from '../db';
import { MockApiError } from '../errors';
import { recordAudit } from '../services/audit';
import { discountsOf, tierSnapshot, toTier } from '../services/tiers';
import { impl } from './impl';

/**
 * Price tiers (ADR 0027), as the server: the below-cost rule and name rules
 * refuse a write before anything changes, and every admin write records one audit entry.
 * `empty` answers only the default tier.
 */
function refuseBelowCost(discounts: Parameters<typeof tierBelowCost>[0]): void {
  const below = tierBelowCost(
    discounts,
    db.catalogue.networks.map((n) => n.wallet_percent_off),
  );
  if (below) throw new MockApiError('validation_error', below.message);
}

function refuseTakenName(name: string, exceptId?: string): void {
  const key = name.toLowerCase();
  if (db.tiers.some((t) => t.id !== exceptId && t.name.toLowerCase() === key)) {
    throw new MockApiError('conflict', TIER_MSG.nameTaken);
  }
}

export const tiers = {
  myTier: impl(api.myTier, (ctx) => {
    const user = me(ctx);
    const tier = db.tiers.find((t) => t.id === (user.tier_id ?? DEFAULT_TIER_ID));
    return {
      message: {
        id: tier?.id ?? DEFAULT_TIER_ID,
        name: tier?.name ?? 'Standard',
        discounts: discountsOf(user),
      },
    };
  }),

  tiers: impl(
    api.tiers,
    () => ({ message: db.tiers.map(toTier) }),
    () => ({ message: db.tiers.filter((t) => t.is_default).map(toTier) }),
  ),

  createTier: impl(api.createTier, (ctx) => {
    const admin = me(ctx);
    const { body } = ctx;
    refuseBelowCost(body.discounts);
    refuseTakenName(body.name);
    if (db.tiers.length >= MAX_TIERS) throw new MockApiError('conflict', TIER_MSG.tooMany);
    const tier = {
      id: nextId('tier'),
      name: body.name,
      is_default: false,
      discounts: body.discounts,
      updated_at: now(),
    };
    db.tiers.push(tier);
    recordAudit(admin, ctx.request, {
      action: 'tier.create',
      target_type: 'tier',
      target_id: tier.id,
      target_label: tier.name,
      before: null,
      after: tierSnapshot(tier.name, tier.discounts),
    });
    return { message: toTier(tier) };
  }),

  editTier: impl(api.editTier, (ctx) => {
    const admin = me(ctx);
    const { body, params } = ctx;
    const tier = db.tiers.find((t) => t.id === params.id);
    if (!tier) throw new MockApiError('not_found', TIER_MSG.notFound);
    refuseBelowCost(body.discounts);
    refuseTakenName(body.name, tier.id);
    const before = tierSnapshot(tier.name, tier.discounts);
    Object.assign(tier, { name: body.name, discounts: body.discounts, updated_at: now() });
    recordAudit(admin, ctx.request, {
      action: 'tier.edit',
      target_type: 'tier',
      target_id: tier.id,
      target_label: tier.name,
      before,
      after: tierSnapshot(tier.name, tier.discounts),
    });
    return { message: toTier(tier) };
  }),

  setUserTier: impl(api.setUserTier, (ctx) => {
    const admin = me(ctx);
    const { body } = ctx;
    // As on the server: whoever grants a discount does not grant it to themselves.
    if (body.userId === admin.id) throw new MockApiError('forbidden', SERVER_MSG.forbidden);
    const user = findUser(body.userId);
    if (!user) throw new MockApiError('not_found', SERVER_MSG.userNotFound);
    const to = db.tiers.find((t) => t.id === body.tierId);
    if (!to) throw new MockApiError('not_found', TIER_MSG.notFound);
    const fromId = user.tier_id ?? DEFAULT_TIER_ID;
    if (fromId === to.id) throw new MockApiError('conflict', TIER_MSG.sameTier);
    const from = db.tiers.find((t) => t.id === fromId);
    user.tier_id = to.id;
    recordAudit(admin, ctx.request, {
      action: 'tier.change',
      target_type: 'user',
      target_id: user.id,
      target_label: user.email,
      before: { tier: from?.name ?? fromId },
      after: { tier: to.name },
    });
    return { message: TIER_MSG.moved };
  }),
};
