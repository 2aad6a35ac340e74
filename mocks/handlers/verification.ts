import {
  api,
  DEFAULT_LEVEL_LIMITS,
  VERIFICATION_MSG,
  type HeldCredit,
  type LevelLimits,
  type Verification,
  type VerificationLevel,
} from '@contract';
import { now } from '../clock';
import { me } from '../contract-handler';
import { findUser } from '../db';
import { MockApiError } from '../errors';
import { recordAudit } from '../services/audit';
import { impl } from './impl';

/**
 * Wallet limits by verification level (ADR 0058) over the mock store. The mock keeps its own
 * small state beside the store (levels, limits, today's use, held credits by user id), which
 * stories set with `setMockVerification`; a user without an entry is level 1 with nothing used.
 */
interface MockVerification {
  level: VerificationLevel;
  funded_today: number;
  spent_today: number;
  held: HeldCredit[];
}

let limits: LevelLimits[] = DEFAULT_LEVEL_LIMITS.map((l) => ({ ...l }));
const state = new Map<string, MockVerification>();

const stateOf = (userId: string): MockVerification =>
  state.get(userId) ?? { level: 1, funded_today: 0, spent_today: 0, held: [] };

/** For stories and tests: a user's level, today's use and held credits. */
export function setMockVerification(userId: string, v: Partial<MockVerification>): void {
  state.set(userId, { ...stateOf(userId), ...v });
}

export function resetMockVerification(): void {
  state.clear();
  limits = DEFAULT_LEVEL_LIMITS.map((l) => ({ ...l }));
}

function view(userId: string): Verification {
  const u = findUser(userId);
  if (!u || u.isAdmin) throw new MockApiError('not_found', VERIFICATION_MSG.userNotFound);
  const s = stateOf(userId);
  return {
    level: s.level,
    limits: limits.find((l) => l.level === s.level)!,
    funded_today: s.funded_today,
    spent_today: s.spent_today,
    balance: u.wallet_balance,
    bvn_last4: null,
    consented_at: null,
    held: s.held,
    levels: limits,
  };
}

export const verification = {
  verification: impl(api.verification, (ctx) => ({ message: view(me(ctx).id) })),

  verificationLimits: impl(api.verificationLimits, () => ({ message: limits })),

  setVerificationLimits: impl(api.setVerificationLimits, (ctx) => {
    const before = limits.find((l) => l.level === ctx.body.level)!;
    limits = limits.map((l) => (l.level === ctx.body.level ? { ...ctx.body } : l));
    recordAudit(me(ctx), ctx.request, {
      action: 'verification.limits',
      target_type: 'verification',
      target_id: `level-${ctx.body.level}`,
      target_label: `Level ${ctx.body.level}`,
      before: { ...before },
      after: { ...ctx.body },
    });
    return { message: limits };
  }),

  userVerification: impl(api.userVerification, (ctx) => ({ message: view(ctx.query.user_id) })),

  setUserLevel: impl(api.setUserLevel, (ctx) => {
    const before = view(ctx.body.user_id);
    const s = stateOf(ctx.body.user_id);
    // A rise releases what now fits, as the server does (here: every held credit).
    const u = findUser(ctx.body.user_id)!;
    const rises = ctx.body.level > s.level;
    const held = rises
      ? s.held.map((h) => {
          if (h.status !== 'held') return h;
          u.wallet_balance += h.amount;
          return { ...h, status: 'released' as const, released_at: now() };
        })
      : s.held;
    state.set(ctx.body.user_id, { ...s, level: ctx.body.level, held });
    recordAudit(me(ctx), ctx.request, {
      action: 'verification.level',
      target_type: 'user',
      target_id: ctx.body.user_id,
      target_label: u.email,
      before: { level: before.level },
      after: { level: ctx.body.level },
    });
    return { message: view(ctx.body.user_id) };
  }),
};
