import { useState, type FormEvent } from 'react';
import { FALLBACK } from '@contract/messages';
import {
  LevelLimitsBody,
  LEVEL_NAMES,
  VERIFICATION_MSG,
  type LevelLimits,
} from '@contract/verification';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { formatNaira, nairaFieldText, typedNairaToWire } from '@/lib/money';
import { useLevelLimits, useSetLevelLimits } from '../api/user-verification';
import { useAdminCan } from './admin-access';
import { LoadError } from './admin-parts';

const LIMITS = [
  ['max_balance', 'Maximum balance'],
  ['daily_funding', 'Daily funding'],
  ['daily_spending', 'Daily spending'],
] as const;
type LimitKey = (typeof LIMITS)[number][0];
type Draft = Record<LimitKey, string>;
type Body = ReturnType<typeof LevelLimitsBody.parse>;

/** Long enough for "5,000,000.00" typed with a ₦ and spaces; the contract caps the amount. */
const NAIRA_MAX_LENGTH = 20;

const shown = (kobo: number | null) => (kobo === null ? 'No limit' : formatNaira(kobo));
const draftOf = (l: LevelLimits): Draft => ({
  max_balance: nairaFieldText(l.max_balance),
  daily_funding: nairaFieldText(l.daily_funding),
  daily_spending: nairaFieldText(l.daily_spending),
});

/** Typed naira → the wire's naira; an empty field is no limit. */
const wire = (text: string): number | null => (text.trim() === '' ? null : typedNairaToWire(text));

/** The draft checked by the contract's LevelLimitsBody, with its message per field. */
function parse(level: LevelLimits['level'], draft: Draft) {
  const parsed = LevelLimitsBody.safeParse({
    level,
    max_balance: wire(draft.max_balance),
    daily_funding: wire(draft.daily_funding),
    daily_spending: wire(draft.daily_spending),
  });
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: Partial<Record<LimitKey, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]) as LimitKey;
    if (!errors[key]) errors[key] = issue.message;
  }
  return { errors };
}

function LevelForm({ limits }: { limits: LevelLimits }) {
  const save = useSetLevelLimits();
  const [draft, setDraft] = useState<Draft>(() => draftOf(limits));
  const [errors, setErrors] = useState<Partial<Record<LimitKey, string>>>({});
  const [asking, setAsking] = useState<Body | null>(null);
  /** What the save answered: saved, or the sentence saying it waits for a second admin. */
  const [saved, setSaved] = useState<{ waits: string | null } | null>(null);
  const name = `Level ${limits.level}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    save.reset();
    const { body, errors: found } = parse(limits.level, draft);
    setErrors(found);
    if (body) setAsking(body);
  }

  async function confirm() {
    if (!asking) return;
    try {
      const res = await save.trigger({ body: asking });
      // A rise that would release held credits waits for a second admin: the form keeps it.
      const now = res.waits ? undefined : res.message.find((l) => l.level === limits.level);
      if (now) setDraft(draftOf(now));
      setAsking(null);
      setSaved({ waits: res.waits });
    } catch {
      // The refusal is shown in the confirmation.
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`${name} limits`}
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h3 className="font-semibold">{LEVEL_NAMES[limits.level]}</h3>
      <div className="grid gap-3 sm:grid-cols-3">
        {LIMITS.map(([key, label]) => (
          <Field key={key} label={`${label} (₦)`} hint="Empty: no limit." error={errors[key]}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              maxLength={NAIRA_MAX_LENGTH}
              value={draft[key]}
              onChange={(e) => {
                setDraft((d) => ({ ...d, [key]: e.target.value }));
                setErrors((er) => ({ ...er, [key]: undefined }));
                setSaved(null);
              }}
            />
          </Field>
        ))}
      </div>
      {saved ? (
        <FormAlert tone={saved.waits ? 'info' : 'success'}>
          {saved.waits ?? VERIFICATION_MSG.limitsSaved}
        </FormAlert>
      ) : null}
      <div>
        <Button type="submit" variant="secondary">
          Save {name.toLowerCase()} limits
        </Button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAsking(null);
            save.reset();
          }
        }}
        title={`Change ${name.toLowerCase()} limits?`}
        description={
          asking ? (
            <span className="flex flex-col gap-1">
              {LIMITS.map(([key, label]) => (
                <span key={key}>
                  {label}: {shown(limits[key])} → {shown(asking[key])}
                </span>
              ))}
              <span>
                Every customer at this level meets them from now on; a credit past them is held,
                never lost.
              </span>
            </span>
          ) : null
        }
        confirmLabel="Save limits"
        loading={save.isMutating}
        error={save.error ? errorMessage(save.error, FALLBACK.generic) : undefined}
        onConfirm={() => void confirm()}
      />
    </form>
  );
}

/**
 * Wallet limits by verification level (ADR 0058): every admin who reads users
 * sees them; roles with 'adjustments' change one level's limits after a confirmation (audited
 * on the server). Defaults are the CBN's tier figures.
 */
export function LevelLimitsCard() {
  const limits = useLevelLimits();
  const mayChange = useAdminCan('adjustments');
  const list = limits.data?.message;
  return (
    <section aria-labelledby="level-limits" className="flex flex-col gap-3">
      <h2 id="level-limits" className="text-lg font-semibold">
        Wallet limits by verification level
      </h2>
      <p className="text-sm text-muted">
        The CBN&apos;s tier figures are the defaults. A credit past a limit is held and the customer
        told; spending past one is refused.
      </p>
      {limits.error ? (
        <LoadError error={limits.error} />
      ) : !list ? (
        <div role="status" aria-label="Loading limits" className="flex flex-col gap-2">
          <Skeleton shape="block" className="h-24" />
        </div>
      ) : mayChange ? (
        list.map((l) => <LevelForm key={l.level} limits={l} />)
      ) : (
        <dl className="grid gap-2 text-sm">
          {list.map((l) => (
            <div key={l.level}>
              <dt className="font-medium">{LEVEL_NAMES[l.level]}</dt>
              <dd>{LIMITS.map(([key, label]) => `${label} ${shown(l[key])}`).join(' · ')}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
