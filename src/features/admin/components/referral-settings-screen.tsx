import { useState, type FormEvent } from 'react';
import { FALLBACK } from '@contract/messages';
import {
  COMMISSION_BASES,
  COMMISSION_BASIS_LABELS,
  REFERRAL_BONUS_MIN_FUNDING,
  REFERRAL_MSG,
  ReferralSettingsBody,
  type CommissionBasis,
  type ReferralSettings,
} from '@contract/referrals';
import {
  PROVIDER_COMMISSION_BPS,
  percentText,
  TIER_PRODUCT_LABELS,
  TIER_PRODUCTS,
  type TierProduct,
} from '@contract/tiers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateText } from '@/components/ui/date-text';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { formatNaira, nairaFieldText, typedNairaToWire } from '@/lib/money';
import { useReferralSettings, useSetReferralSettings } from '../api/referral-settings';
import { useAdminCan } from './admin-access';
import { LoadError, ScreenHeading } from './admin-parts';

type Body = ReturnType<typeof ReferralSettingsBody.parse>;

/** What the admin types: a percentage and its basis per product, naira for bonus and cap. */
type Draft = {
  rates: Record<TierProduct, { basis: CommissionBasis; percent: string }>;
  bonus: string;
  cap: string;
};
type ErrorKey = `${TierProduct}.percent` | `${TierProduct}.basis` | 'bonus' | 'cap';
type Errors = Partial<Record<ErrorKey, string>>;

/** "100.00" at most; a few characters more so a stray space is an error, not cut off. */
const PERCENT_MAX_LENGTH = 8;
/** Long enough for "100,000.00" typed with a ₦ and spaces; the contract caps the amount. */
const NAIRA_MAX_LENGTH = 20;

function draftOf(settings: ReferralSettings): Draft {
  const rates = {} as Draft['rates'];
  for (const p of TIER_PRODUCTS) {
    const rate = settings.rates[p];
    rates[p] = { basis: rate.basis, percent: String(rate.percent / 100) };
  }
  return {
    rates,
    bonus: nairaFieldText(settings.first_funding_bonus),
    cap: nairaFieldText(settings.daily_cap),
  };
}

/**
 * The draft checked by the contract's own schema (ReferralSettingsBody): its messages, and its
 * rule that a rate on the amount may not pass the provider's commission. Naira in, kobo out.
 */
function parse(draft: Draft): { body?: Body; errors: Errors } {
  const wire = {
    rates: Object.fromEntries(
      TIER_PRODUCTS.map((p) => {
        const text = draft.rates[p].percent.trim();
        const percent = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
        return [p, { basis: draft.rates[p].basis, percent }];
      }),
    ),
    first_funding_bonus: typedNairaToWire(draft.bonus),
    daily_cap: typedNairaToWire(draft.cap),
  };
  const parsed = ReferralSettingsBody.safeParse(wire);
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const [head, product, part] = issue.path.map(String);
    const key: ErrorKey | undefined =
      head === 'rates' && product && (part === 'percent' || part === 'basis')
        ? (`${product}.${part}` as ErrorKey)
        : head === 'first_funding_bonus'
          ? 'bonus'
          : head === 'daily_cap'
            ? 'cap'
            : undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { errors };
}

/** "10% of our margin" */
const rateText = (r: { basis: CommissionBasis; percent: number }) =>
  `${percentText(r.percent)} ${COMMISSION_BASIS_LABELS[r.basis]}`;

function SettingsForm({ settings }: { settings: ReferralSettings }) {
  const save = useSetReferralSettings();
  // What referrals pay leaves our margin: only an owner changes it (ADR 0070).
  const mayChange = useAdminCan('admins');
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  const [asking, setAsking] = useState<Body | null>(null);
  const [saved, setSaved] = useState(false);

  const edited = (key: ErrorKey) => {
    setErrors((e) => ({ ...e, [key]: undefined }));
    setSaved(false);
    save.reset();
  };
  const setRate = (p: TierProduct, part: 'basis' | 'percent', value: string) => {
    setDraft((d) => ({ ...d, rates: { ...d.rates, [p]: { ...d.rates[p], [part]: value } } }));
    edited(`${p}.${part}`);
    // The amount's bound depends on the basis: a new basis re-judges the percentage.
    if (part === 'basis') setErrors((e) => ({ ...e, [`${p}.percent`]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = parse(draft);
    setErrors(found);
    setSaved(false);
    save.reset();
    if (body) setAsking(body);
  };

  const confirm = async () => {
    if (!asking) return;
    try {
      const res = await save.trigger({ body: asking });
      setDraft(draftOf(res.message));
      setAsking(null);
      setSaved(true);
    } catch {
      // shown in the confirmation, from save.error
    }
  };

  return (
    <>
      <form
        noValidate
        onSubmit={submit}
        aria-label="Referral commissions"
        className="flex flex-col gap-6 rounded-card border border-border bg-surface p-4"
      >
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold">Commission per product</legend>
          <p className="text-sm text-muted">
            A percentage of our margin on the purchase (what the customer paid minus the provider’s
            cost), or of the amount paid. Rounded down to the kobo, and never more than the margin.
          </p>
          {TIER_PRODUCTS.map((p) => {
            const name = TIER_PRODUCT_LABELS[p];
            return (
              <div
                key={p}
                role="group"
                aria-label={name}
                className="grid grid-cols-1 gap-3 border-t border-border pt-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-start"
              >
                <p className="font-medium sm:pt-8" aria-hidden="true">
                  {name}
                </p>
                <Field
                  label={`${name} commission (%)`}
                  hint={`Of the amount: at most ${percentText(PROVIDER_COMMISSION_BPS[p])}`}
                  error={errors[`${p}.percent`]}
                >
                  <Input
                    name={`${p}-percent`}
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={PERCENT_MAX_LENGTH}
                    value={draft.rates[p].percent}
                    onChange={(e) => setRate(p, 'percent', e.target.value)}
                  />
                </Field>
                <Field label={`${name} commission is`} error={errors[`${p}.basis`]}>
                  {(control) => (
                    <Select
                      value={draft.rates[p].basis}
                      onValueChange={(v) => setRate(p, 'basis', v)}
                    >
                      <SelectTrigger {...control}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {COMMISSION_BASES.map((b) => (
                          <SelectItem key={b} value={b}>
                            {COMMISSION_BASIS_LABELS[b]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </Field>
              </div>
            );
          })}
        </fieldset>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            label="First-funding bonus (₦)"
            hint={`Paid once per friend, when their first funding of at least ${formatNaira(REFERRAL_BONUS_MIN_FUNDING)} is credited. 0 for none.`}
            error={errors.bonus}
          >
            <Input
              name="bonus"
              inputMode="decimal"
              autoComplete="off"
              maxLength={NAIRA_MAX_LENGTH}
              value={draft.bonus}
              onChange={(e) => {
                setDraft((d) => ({ ...d, bonus: e.target.value }));
                edited('bonus');
              }}
            />
          </Field>
          <Field
            label="Daily cap per referrer (₦)"
            hint="The most one referrer earns in a Lagos day. 0 pays nothing (commissions off)."
            error={errors.cap}
          >
            <Input
              name="cap"
              inputMode="decimal"
              autoComplete="off"
              maxLength={NAIRA_MAX_LENGTH}
              value={draft.cap}
              onChange={(e) => {
                setDraft((d) => ({ ...d, cap: e.target.value }));
                edited('cap');
              }}
            />
          </Field>
        </div>
        <div aria-live="polite">
          {saved ? <FormAlert tone="success">{REFERRAL_MSG.saved}</FormAlert> : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">
            {settings.updated_at ? (
              <>
                Last saved <DateText epochMs={settings.updated_at} show="datetime" />
              </>
            ) : (
              'The defaults: never saved.'
            )}
          </p>
          {mayChange ? (
            <Button type="submit">Save</Button>
          ) : (
            <p className="text-sm" data-testid="owner-only">
              Only an owner changes what referrals pay.
            </p>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAsking(null);
            save.reset();
          }
        }}
        title="Save referral commissions?"
        description="They apply to purchases that succeed from now on; commissions already paid stay as they are. The change is recorded in the audit log."
        confirmLabel="Save commissions"
        loading={save.isMutating}
        error={save.error ? errorMessage(save.error, FALLBACK.generic) : undefined}
        onConfirm={() => void confirm()}
      >
        {asking ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {TIER_PRODUCTS.map((p) => (
              <div key={p} className="contents">
                <dt className="text-muted">{TIER_PRODUCT_LABELS[p]}</dt>
                <dd>{rateText(asking.rates[p])}</dd>
              </div>
            ))}
            <div className="contents">
              <dt className="text-muted">First-funding bonus</dt>
              <dd>{formatNaira(asking.first_funding_bonus)}</dd>
            </div>
            <div className="contents">
              <dt className="text-muted">Daily cap</dt>
              <dd>{formatNaira(asking.daily_cap)}</dd>
            </div>
          </dl>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/**
 * Referral commissions (ADR 0056): what a referrer earns on each product their
 * friends buy, the first-funding bonus and the daily cap per referrer. Saving asks first, is
 * audited, and applies to later purchases only.
 */
export function ReferralSettingsScreen() {
  const { data, error, isLoading } = useReferralSettings();
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        title="Referral commissions"
        description="What a customer earns, paid into their wallet, when a friend who signed up with their link buys something and the purchase succeeds."
      />
      {error ? <LoadError error={error} /> : null}
      {isLoading ? (
        <div role="status" aria-label="Loading referral commissions">
          <Skeleton className="h-96 w-full" />
        </div>
      ) : null}
      {data ? <SettingsForm settings={data.message} /> : null}
    </div>
  );
}
