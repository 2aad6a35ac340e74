/**
 * The feature stories shot by the visual tests (screenshot-feature-stories.tsx), chosen one by
 * one: the states a customer or an admin sees. Unlike stories/ui, the
 * feature stories are not all shot: each runs the API mocks and a whole interaction (seconds,
 * not milliseconds), many end half-way through a flow that the storybook project already
 * checks, and a few can only be shot at one width (their play asserts a phone layout). A story
 * is listed here when its play ends on the state its name says and that state does not depend
 * on the machine's clock (the mock clock is frozen at SEED_NOW for every shot).
 *
 * Each entry names a story module and, by export name, the stories to shoot (a misspelt name
 * is a type error). `fullPage` shoots the whole viewport instead of the story's root, for
 * states shown in a dialog (rendered in a portal).
 */
import type { composeStories } from '@storybook/react-vite';

import * as AuditActors from '../stories/features/admin/AuditLogActors.stories';
import * as OperatorCosts from '../stories/features/admin/OperatorCostCards.stories';
import * as PendingPurchases from '../stories/features/admin/PendingPurchasesScreen.stories';
import * as ProviderAnswer from '../stories/features/admin/TransactionProviderAnswer.stories';
import * as Timeline from '../stories/features/admin/TransactionTimelineScreen.stories';
import * as AdminUsers from '../stories/features/admin/UsersScreen.stories';
import * as WithdrawalFigures from '../stories/features/admin/WithdrawalFigures.stories';
import * as VerifyEmail from '../stories/features/auth/VerifyEmailScreen.stories';
import * as PaymentReturnHeld from '../stories/features/overview/PaymentReturnHeld.stories';
import * as CableForm from '../stories/features/purchases/CableForm.stories';
import * as CardAttempts from '../stories/features/transactions/CardAttemptLines.stories';
import * as HeldCredits from '../stories/features/transactions/HeldCreditLines.stories';
import * as Progress from '../stories/features/transactions/TransactionProgress.stories';
import * as FundWalletLimits from '../stories/features/wallet/FundWalletLimits.stories';
import * as ShareFundsResult from '../stories/features/wallet/ShareFundsResult.stories';
import * as AdminTransactions from '../stories/features/admin/TransactionsScreen.stories';
import * as PlanPrices from '../stories/features/admin/PlanPricesScreen.stories';
import * as Overview from '../stories/features/overview/OverviewScreen.stories';
import * as PurchaseResult from '../stories/features/purchases/PurchaseResult.stories';
import * as MailPreferences from '../stories/features/settings/MailPreferencesPanel.stories';
import * as History from '../stories/features/transactions/TransactionsScreen.stories';
import * as ShareFunds from '../stories/features/wallet/ShareFundsForm.stories';
import * as UserOverviewPage from '../stories/pages/user/Overview.stories';

export type StoryModule = Parameters<typeof composeStories>[0];

export interface ShotOptions {
  /** Shoot the whole viewport (a dialog, in a portal), not only the story's root element. */
  fullPage?: boolean;
  /** Shoot at this width only: the story's play asserts that layout (an admin table's columns). */
  only?: 'phone' | 'desktop';
}

export interface FeatureShots {
  module: StoryModule;
  stories: Record<string, ShotOptions>;
}

/** The stories of `module` to shoot, by export name. */
function shots<M extends StoryModule>(
  module: M,
  stories: Partial<Record<Exclude<keyof M, 'default' | '__namedExportsOrder'>, ShotOptions>>,
): FeatureShots {
  return { module, stories: stories as Record<string, ShotOptions> };
}

export const FEATURE_SHOTS: FeatureShots[] = [
  // The purchase result updates itself and says where the purchase went (rows 3 and 6).
  shots(PurchaseResult, {
    PendingThenDelivered: {},
    PendingThenRefunded: {},
    StillPending: {},
    DestinationShown: {},
    FailedAwaitingRefund: {},
  }),
  // History: one signed statement (rows 1-3); the details of a refund line, a share received
  // ("From") and a card funding. An adjustment's details are a UI story (TransactionDetails).
  shots(History, {
    KindFilter: {},
    Filter: {},
    RefundedPurchase: { fullPage: true },
    ReceivedShare: { fullPage: true },
    CardFunding: { fullPage: true },
  }),
  // "₦5,000.00 added" after a checkout; Spent and Received in the summary (rows 1, 2 and 4).
  shots(Overview, { PaymentReturnCredited: {}, Default: {} }),
  // A name before money leaves (row 5).
  shots(ShareFunds, { ConfirmName: { fullPage: true } }),
  // The e-mail switch in Settings.
  shots(MailPreferences, { On: {} }),
  // The plan editor asks before a price moves more than 20 % (row 9).
  shots(PlanPrices, { PriceRiseConfirmOpen: { fullPage: true } }),
  // Admin transactions: the date column and the date filters (row 11).
  shots(AdminTransactions, { DateColumn: {}, DateRange: {}, DateRangeBackwards: {} }),
  // A blocked customer sees why (row 11).
  shots(UserOverviewPage, { BlockedShown: {} }),

  // Told the truth at every step (ADRs 0074 to 0078): a pending purchase says what happens
  // next; failures in plain words; a share ends on its own screen; lines are hidden only when
  // the statement still adds up; held card credits; TV renewals; a link opened twice.
  shots(PurchaseResult, { Processing: {}, FailedInPlainWords: {} }),
  shots(ShareFundsResult, { Sent: {}, LineNotFound: {} }),
  shots(History, {
    HideRefunded: { fullPage: true },
    HideRefused: { fullPage: true },
    LineSaysWhatAndWhen: {},
  }),
  shots(HeldCredits, { HeldLine: { fullPage: true }, ReleasedLine: { fullPage: true } }),
  shots(CardAttempts, { FailedAttempt: { fullPage: true }, CancelledAttempt: { fullPage: true } }),
  shots(History, {
    FailedPurchaseSaysWhy: { fullPage: true },
    PendingPurchaseNoReceipt: { fullPage: true },
  }),
  shots(PlanPrices, { CleanAndProviderNames: {}, PricedAtCost: {}, EveryPlanAtCost: {} }),
  shots(PaymentReturnHeld, { PaymentReturnHeld: {} }),
  shots(FundWalletLimits, { HeldWarning: { fullPage: true }, NeverFits: { fullPage: true } }),
  shots(CableForm, { RenewOffered: {}, ChangeWarning: {} }),
  shots(VerifyEmail, { AlreadyVerified: {} }),
  // Operators: who acted, the provider's own answer, finding a customer or a purchase from a
  // phone complaint, blocking with a reason, everything pending listed oldest first.
  shots(AuditActors, { CustomerAction: { only: 'desktop' } }),
  shots(ProviderAnswer, {
    ProviderAnswer: { fullPage: true },
    ProviderAnswerWithoutCode: { fullPage: true },
  }),
  shots(AdminUsers, {
    SearchByNameOrPhone: { only: 'desktop' },
    BlockNeedsReason: { fullPage: true },
    UnblockCancelled: { fullPage: true },
    // A key an owner let send withdrawals, in the customer's popup (ADR 0091).
    KeyWithdrawalsTurnedOn: { fullPage: true },
  }),
  shots(AdminTransactions, { SearchByDestination: {} }),
  shots(PendingPurchases, { YoungPendingListed: {} }),
  // One page per transaction that proves what happened (ADR 0083), and the customer's part.
  // (The page is taller than the viewport: its top is what is compared.)
  shots(Timeline, { PendingThenDelivered: {}, AdminResolved: {} }),
  shots(Progress, { Refunded: { fullPage: true } }),
  // The overview's SMS and payout floats (ADR 0086): normal, below a threshold, unreachable.
  shots(OperatorCosts, { Normal: {}, LowBalance: {}, ProviderUnreachable: {} }),
  // Withdrawal fee income and counts (ADR 0094): a normal day, none yet, a refund of yesterday's.
  shots(WithdrawalFigures, { Normal: {}, Zero: {}, RefundOfYesterday: {} }),
];
