import {
  api,
  BVN_MSG,
  BVN_REFERENCE_PARAM,
  bvnNamesMatch,
  DEFAULT_LEVEL_LIMITS,
  VERIFICATION_MSG,
  type CardFeePayer,
  type FundingRoom,
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
import { instantOrWait, refuseOwnWallet, requestApproval } from '../services/four-eyes';
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
  /** Who bears the card fee; the business, as `npm start` with no configuration, by default. */
  card_fee_payer?: CardFeePayer;
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
    card_fee_payer: s.card_fee_payer ?? 'business',
  };
}

/** What Fund Wallet checks an amount against (ADR 0076); null for admins and unknown users. */
export function mockFundingRoom(userId: string): FundingRoom | null {
  const u = findUser(userId);
  return u && !u.isAdmin ? view(userId) : null;
}

/**
 * A credit the level's limits stop (ADR 0058), held as the server holds it: kept beside the
 * wallet until a rise releases it; one that fits counts against today's funding.
 */
export function mockFund(
  userId: string,
  amount: number,
  held: { reason: HeldCredit['reason']; source: string } | null,
): void {
  const s = stateOf(userId);
  if (!held) {
    state.set(userId, { ...s, funded_today: s.funded_today + amount });
    return;
  }
  const credit: HeldCredit = {
    id: `held_${s.held.length + 1}_${userId}`,
    amount,
    reason: held.reason,
    source: held.source,
    status: 'held',
    created_at: now(),
    released_at: null,
  };
  state.set(userId, { ...s, held: [credit, ...s.held] });
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
    const rise = (a: number | null, b: number | null) => a !== null && (b === null || b > a);
    const releases =
      (rise(before.max_balance, ctx.body.max_balance) ||
        rise(before.daily_funding, ctx.body.daily_funding)) &&
      [...state.values()].some(
        (v) => v.level === ctx.body.level && v.held.some((h) => h.status === 'held'),
      );
    if (releases) {
      limits = limits.map((l) => (l.level === ctx.body.level ? before : l));
      const waits = requestApproval(me(ctx), {
        kind: 'verification.limits',
        target_id: `level-${ctx.body.level}`,
        user_id: null,
        user: null,
        amount: 0,
        summary: `Raise the limits of level ${ctx.body.level}`,
        why: 'releases_held',
        payload: { ...ctx.body },
      });
      return { message: limits, waits };
    }
    recordAudit(me(ctx), ctx.request, {
      action: 'verification.limits',
      target_type: 'verification',
      target_id: `level-${ctx.body.level}`,
      target_label: `Level ${ctx.body.level}`,
      before: { ...before },
      after: { ...ctx.body },
    });
    return { message: limits, waits: null };
  }),

  userVerification: impl(api.userVerification, (ctx) => ({ message: view(ctx.query.user_id) })),

  setUserLevel: impl(api.setUserLevel, (ctx) => {
    const admin = me(ctx);
    const before = view(ctx.body.user_id);
    const u = findUser(ctx.body.user_id)!;
    refuseOwnWallet(admin, u.id);
    const held = before.held
      .filter((h) => h.status === 'held')
      .reduce((sum, h) => sum + h.amount, 0);
    if (ctx.body.level > before.level && held > 0) {
      const decision = instantOrWait(admin, u.id, held);
      if (!decision.instant) {
        const { why } = decision;
        const waits = requestApproval(admin, {
          kind: 'verification.level',
          target_id: u.id,
          user_id: u.id,
          user: u.email,
          amount: held,
          summary: `Change ${u.email} from level ${before.level} to level ${ctx.body.level}`,
          why,
          payload: { level: ctx.body.level },
        });
        return { message: before, waits };
      }
    }
    raise(ctx.body.user_id, ctx.body.level);
    recordAudit(me(ctx), ctx.request, {
      action: 'verification.level',
      target_type: 'user',
      target_id: ctx.body.user_id,
      target_label: u.email,
      before: { level: before.level },
      after: { level: ctx.body.level },
    });
    return { message: view(ctx.body.user_id), waits: null };
  }),
};

/** An approved level change (ADR 0070): the rise, and the release of what now fits. */
export function approveLevel(userId: string, level: VerificationLevel): void {
  raise(userId, level);
}

/** An approved limit change (ADR 0070). */
export function approveLimits(body: LevelLimits): void {
  limits = limits.map((l) => (l.level === body.level ? { ...body } : l));
}
