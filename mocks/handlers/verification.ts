import {
  api,
  BVN_MSG,
  BVN_REFERENCE_PARAM,
  bvnNamesMatch,
  DEFAULT_LEVEL_LIMITS,
  VERIFICATION_MSG,
  type HeldCredit,
  type LevelLimits,
  type Verification,
  type VerificationLevel,
} from '@contract';
import { PAGES } from '@contract/web-routes';
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
  bvn_last4?: string | null;
  consented_at?: number | null;
}

/**
 * The mock's BVN checks (ADR 0063). Mock mode has no consent page: the consent URL leads
 * straight back to Settings, as the mock checkout leads straight back to the app. What the
 * "provider" answers follows the sandbox BVNs: one ending in 0000 belongs to someone else (a
 * name mismatch), one ending in 1111 is declined, any other is the customer's own.
 */
interface MockBvnCheck {
  userId: string;
  last4: string;
  consentedAt: number;
  outcome: 'verified' | 'mismatch' | 'declined' | null;
}
const bvnChecks = new Map<string, MockBvnCheck>();
let bvnCounter = 0;
/** Whose names the mock "provider" answers for a sandbox BVN ending in 0000. */
export const MOCK_OTHER_HOLDER = { first: 'Chinedu', last: 'Okafor' } as const;

let limits: LevelLimits[] = DEFAULT_LEVEL_LIMITS.map((l) => ({ ...l }));
const state = new Map<string, MockVerification>();

const stateOf = (userId: string): MockVerification =>
  state.get(userId) ?? { level: 1, funded_today: 0, spent_today: 0, held: [] };

/** For stories and tests: a user's level, today's use and held credits. */
export function setMockVerification(userId: string, v: Partial<MockVerification>): void {
  state.set(userId, { ...stateOf(userId), ...v });
}

/**
 * For stories: a BVN check as if started with a BVN ending in `last4` (0000: someone else's,
 * 1111: declined), so a story can open Settings at its return address.
 */
export function addMockBvnCheck(reference: string, userId: string, last4: string): void {
  bvnChecks.set(reference, {
    userId,
    last4,
    consentedAt: now(),
    outcome: last4 === '1111' ? 'declined' : null,
  });
}

export function resetMockVerification(): void {
  state.clear();
  bvnChecks.clear();
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
    bvn_last4: s.bvn_last4 ?? null,
    consented_at: s.consented_at ?? null,
    held: s.held,
    levels: limits,
  };
}

/** A rise releases what now fits, as the server does (here: every held credit). */
function raise(userId: string, level: VerificationLevel, extra: Partial<MockVerification> = {}) {
  const s = stateOf(userId);
  const u = findUser(userId)!;
  const held =
    level > s.level
      ? s.held.map((h) => {
          if (h.status !== 'held') return h;
          u.wallet_balance += h.amount;
          return { ...h, status: 'released' as const, released_at: now() };
        })
      : s.held;
  state.set(userId, { ...s, ...extra, level, held });
}

const BVN_TEXT = {
  verified: BVN_MSG.verified,
  mismatch: BVN_MSG.mismatch,
  declined: BVN_MSG.declined,
  pending: BVN_MSG.pending,
} as const;

export const verification = {
  verification: impl(api.verification, (ctx) => ({ message: view(me(ctx).id) })),

  startBvnVerification: impl(api.startBvnVerification, (ctx) => {
    const user = me(ctx);
    const s = stateOf(user.id);
    if (s.level >= 2) throw new MockApiError('conflict', BVN_MSG.alreadyVerified);
    // Verified once, then set back to level 1 by an admin: the admin's level stands (ADR 0063).
    if (s.bvn_last4) throw new MockApiError('conflict', BVN_MSG.levelSetByAdmin);
    // Mock rule: a BVN ending in 2222 is verified on another account (one BVN, one account).
    if (ctx.body.bvn.endsWith('2222')) throw new MockApiError('conflict', BVN_MSG.usedElsewhere);
    const reference = `BVN-MOCK-${++bvnCounter}`;
    const last4 = ctx.body.bvn.slice(-4);
    bvnChecks.set(reference, {
      userId: user.id,
      last4,
      consentedAt: now(),
      outcome: last4 === '1111' ? 'declined' : null,
    });
    const back = new URL(PAGES.user.settings, ctx.origin);
    back.searchParams.set(BVN_REFERENCE_PARAM, reference);
    return { message: { reference, consent_url: back.toString() } };
  }),

  completeBvnVerification: impl(api.completeBvnVerification, (ctx) => {
    const user = me(ctx);
    const check = bvnChecks.get(ctx.body.reference);
    if (!check || check.userId !== user.id) {
      throw new MockApiError('not_found', BVN_MSG.unknownReference);
    }
    if (check.outcome === null) {
      const holder = check.last4 === '0000' ? MOCK_OTHER_HOLDER : null;
      const matches = holder ? bvnNamesMatch(user.name, holder.first, holder.last) : true;
      check.outcome = matches ? 'verified' : 'mismatch';
      if (matches && stateOf(user.id).level < 2) {
        raise(user.id, 2, { bvn_last4: check.last4, consented_at: check.consentedAt });
      }
    }
    const outcome = check.outcome;
    return {
      message: { outcome, text: BVN_TEXT[outcome], verification: view(user.id) },
    };
  }),

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
    const u = findUser(ctx.body.user_id)!;
    raise(ctx.body.user_id, ctx.body.level);
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
