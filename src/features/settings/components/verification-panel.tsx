import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  BVN_REFERENCE_PARAM,
  bvnVerificationForm,
  LEVEL_NAMES,
  type BvnResult,
  type HeldCredit,
  type LevelLimits,
  type Verification,
} from '@contract/verification';
import { FALLBACK } from '@contract/messages';
import { nairaText } from '@contract/money';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { formatNaira } from '@/lib/money';
import { useFormErrors } from '@/lib/use-form-errors';
import { useCompleteBvnVerification } from '../api/complete-bvn-verification';
import { useStartBvnVerification } from '../api/start-bvn-verification';
import { useVerification } from '../api/verification';

const FIELDS = ['bvn', 'consent'] as const;

/** A limit as the limit messages say it ("₦50,000"). */
const limitText = (kobo: number | null) => (kobo === null ? 'No limit' : nairaText(kobo));

const HELD_WHY: Record<HeldCredit['reason'], string> = {
  balance: 'it would pass your maximum balance',
  daily_funding: 'it would pass your daily funding limit',
};

const SOURCES: Record<string, string> = {
  card_funding: 'Card payment',
  transfer_funding: 'Bank transfer',
  share: 'Money received',
  adjustment: 'Adjustment',
};

function LimitsList({ limits, label }: { limits: LevelLimits; label: string }) {
  return (
    <div role="group" aria-label={label}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Maximum balance</dt>
        <dd className="font-medium">{limitText(limits.max_balance)}</dd>
        <dt className="text-muted">Daily funding</dt>
        <dd className="font-medium">{limitText(limits.daily_funding)}</dd>
        <dt className="text-muted">Daily spending</dt>
        <dd className="font-medium">{limitText(limits.daily_spending)}</dd>
      </dl>
    </div>
  );
}

/** The outcome of a return from the consent page, said in the contract's words. */
function ReturnAlert({ result }: { result: BvnResult }) {
  const tone =
    result.outcome === 'verified' ? 'success' : result.outcome === 'pending' ? 'info' : 'error';
  const title =
    result.outcome === 'verified'
      ? 'BVN verified'
      : result.outcome === 'mismatch'
        ? 'Names do not match'
        : result.outcome === 'declined'
          ? 'Consent declined'
          : 'Waiting for your consent';
  return (
    <FormAlert tone={tone} title={title}>
      {result.text}
    </FormAlert>
  );
}

function BvnForm({ navigate }: { navigate: (url: string) => void }) {
  const start = useStartBvnVerification();
  const [bvn, setBvn] = useState('');
  const [consent, setConsent] = useState(false);
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(bvnVerificationForm(), { bvn, consent });
    if (!body) return;
    try {
      const { message } = await start.trigger({ body: { bvn: body.bvn, consent: true } });
      setBvn('');
      navigate(message.consent_url);
    } catch {
      // shown from start.error
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {start.error ? <FormAlert>{errorMessage(start.error, FALLBACK.genericAlt)}</FormAlert> : null}
      <Field
        label="BVN"
        hint="Your Bank Verification Number (11 digits). We check it with our payment provider and keep only its last four digits."
        controlId={idOf('bvn')}
        error={errors.bvn}
        required
        className="sm:max-w-xs"
      >
        <Input
          name="bvn"
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          value={bvn}
          onChange={(event) => {
            setBvn(event.target.value);
            clear('bvn');
            start.reset();
          }}
        />
      </Field>
      <CheckboxField
        id={idOf('consent')}
        checked={consent}
        error={errors.consent}
        onCheckedChange={(checked) => {
          setConsent(checked);
          clear('consent');
        }}
      >
        I agree to share my BVN with the payment provider to verify my identity.
      </CheckboxField>
      <p className="text-sm text-muted">
        You will approve the check on your bank&apos;s consent page, then come back here.
      </p>
      <div>
        <Button type="submit" loading={start.isMutating}>
          Verify my BVN
        </Button>
      </div>
    </form>
  );
}

function NextLevel({ v, navigate }: { v: Verification; navigate: (url: string) => void }) {
  const next = v.levels.find((l) => l.level === v.level + 1);
  if (v.level === 1 && next) {
    return (
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">Raise your limits: {LEVEL_NAMES[2]}</h3>
        <LimitsList limits={next} label="Level 2 limits" />
        <BvnForm navigate={navigate} />
      </div>
    );
  }
  if (v.level === 2 && next) {
    return (
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">Raise your limits: {LEVEL_NAMES[3]}</h3>
        <LimitsList limits={next} label="Level 3 limits" />
        <p className="text-sm">
          Level 3 is a manual review by our team. Contact support to ask for one.
        </p>
      </div>
    );
  }
  return <p className="text-sm">You are at the highest level.</p>;
}

/**
 * Settings → Verification (ADR 0058, 0063): the customer's level and its limits
 * (maximum balance, daily funding, daily spending), credits held by a limit, and what raises
 * them: level 2 by verifying the BVN (the form with consent sends the browser to the
 * provider's consent page), level 3 by a review. Coming back from the consent page (with
 * `?bvn_ref=`), the check is completed once and its outcome shown: verified, names that do
 * not match, declined or still pending.
 */
export function VerificationPanel({
  navigate = (url: string) => window.location.assign(url),
}: {
  /** Where the browser goes for consent (stories record it instead of leaving). */
  navigate?: (url: string) => void;
}) {
  const verification = useVerification();
  const complete = useCompleteBvnVerification();
  const [params, setParams] = useSearchParams();
  const reference = params.get(BVN_REFERENCE_PARAM) ?? '';
  const started = useRef(false);
  const [result, setResult] = useState<BvnResult | null>(null);
  const { trigger } = complete;

  useEffect(() => {
    if (!reference || started.current) return;
    started.current = true;
    void trigger({ body: { reference } })
      .then(({ message }) => setResult(message))
      .catch(() => {
        // shown from complete.error
      })
      .finally(() => {
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(BVN_REFERENCE_PARAM);
            return next;
          },
          { replace: true },
        );
      });
  }, [reference, trigger, setParams]);

  const returned = (
    <div aria-live="polite">
      {complete.isMutating ? (
        <FormAlert tone="info">Checking your BVN with our payment provider…</FormAlert>
      ) : result ? (
        <ReturnAlert result={result} />
      ) : complete.error ? (
        <FormAlert>{errorMessage(complete.error, FALLBACK.generic)}</FormAlert>
      ) : null}
    </div>
  );

  // The completion answers the new verification: shown at once, before the list reloads.
  const v = result?.verification ?? verification.data?.message;
  if (!v) {
    return (
      <div className="flex flex-col gap-3">
        {returned}
        {verification.error ? (
          <FormAlert>{errorMessage(verification.error, FALLBACK.generic)}</FormAlert>
        ) : (
          <Skeleton className="h-32" />
        )}
      </div>
    );
  }

  const held = v.held.filter((h) => h.status === 'held');
  return (
    <div className="flex flex-col gap-4">
      {returned}
      <div className="flex flex-col gap-2">
        <p className="text-sm">
          Your level: <strong>{LEVEL_NAMES[v.level]}</strong>
        </p>
        {v.bvn_last4 ? (
          <p className="text-sm text-muted">
            BVN ending {v.bvn_last4}
            {v.consented_at ? `, consent given on ${formatDate(v.consented_at)}` : ''}.
          </p>
        ) : null}
        <LimitsList limits={v.limits} label="Your limits" />
        <p className="text-sm text-muted">
          Today: {formatNaira(v.funded_today)} added, {formatNaira(v.spent_today)} spent.
        </p>
      </div>
      {held.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">Held credits</h3>
          <p className="text-sm">
            These reached us but wait outside your wallet. They are added when your level or limits
            allow them.
          </p>
          <ul aria-label="Held credits" className="flex flex-col gap-1 text-sm">
            {held.map((h) => (
              <li key={h.id} className="flex flex-wrap justify-between gap-2">
                <span>
                  {SOURCES[h.source] ?? 'Credit'} on {formatDate(h.created_at)}:{' '}
                  {HELD_WHY[h.reason]}
                </span>
                <span className="font-medium">{formatNaira(h.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <NextLevel v={v} navigate={navigate} />
    </div>
  );
}
