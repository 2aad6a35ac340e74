import { api } from '@contract';
import { now } from '../clock';
import { me } from '../contract-handler';
import { db } from '../db';
import { recordAudit } from '../services/audit';
import { paginate } from '../services/paging';
import { impl } from './impl';

/**
 * Referral commissions (ADR 0056), as the server answers them: the customer's
 * summary and paged earnings, and the admin's settings (validated by the contract, audited).
 * The mock does not pay commissions on its own purchases: the seed's earnings show each state.
 * `empty` answers a customer nobody has signed up with yet.
 */
export const referrals = {
  myReferrals: impl(
    api.myReferrals,
    (ctx) => {
      const user = me(ctx);
      const mine = db.referrals.earnings
        .filter((e) => e.referrer_id === user.id)
        .sort((a, b) => b.created_at - a.created_at);
      const page = paginate(
        mine.map(({ referrer_id: _, ...e }) => e),
        ctx.query,
      );
      return {
        ...page,
        summary: {
          referral_code: user.referral_code,
          referred: db.users.filter((u) => u.referred_by === user.referral_code).length,
          earned: mine.filter((e) => e.status === 'paid').reduce((sum, e) => sum + e.amount, 0),
          pending: db.referrals.pending.get(user.id) ?? 0,
        },
      };
    },
    (ctx) => ({
      message: [],
      page: 1,
      pages: 1,
      total: 0,
      summary: { referral_code: me(ctx).referral_code, referred: 0, earned: 0, pending: 0 },
    }),
  ),

  referralSettings: impl(api.referralSettings, () => ({ message: db.referrals.settings })),

  setReferralSettings: impl(api.setReferralSettings, (ctx) => {
    const admin = me(ctx);
    const before = db.referrals.settings;
    db.referrals.settings = { ...ctx.body, updated_at: now() };
    recordAudit(admin, ctx.request, {
      action: 'referral.settings',
      target_type: 'referral',
      target_id: 'settings',
      target_label: 'Referral commissions',
      before: {
        daily_cap_kobo: before.daily_cap,
        first_funding_bonus_kobo: before.first_funding_bonus,
      },
      after: {
        daily_cap_kobo: ctx.body.daily_cap,
        first_funding_bonus_kobo: ctx.body.first_funding_bonus,
      },
    });
    return { message: db.referrals.settings };
  }),
};
