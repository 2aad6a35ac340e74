import { useEffect, useState } from 'react';
import type { User } from '@contract/entities';
import { BlockUserBody } from '@contract/forms';
import { FALLBACK } from '@contract/messages';
import { ADMIN_USERS_MSG } from '@contract/messages/admin-users';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateText } from '@/components/ui/date-text';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { DEFAULT_TIER_ID } from '@contract/tiers';
import {
  LEVEL_NAMES,
  VERIFICATION_LEVELS,
  VERIFICATION_MSG,
  type LevelLimits,
  type VerificationLevel,
} from '@contract/verification';
import { errorMessage } from '@/lib/api-error';
import { formatNaira } from '@/lib/money';
import { useBlockUser } from '../api/block-user';
import { useUnblockUser } from '../api/unblock-user';
import { useSetUserTier, useTiers } from '../api/tiers';
import { useSetUserLevel, useUserVerification } from '../api/user-verification';
import { useAdminCan } from './admin-access';
import { UserApiKeys } from './user-api-keys';

/**
 * The customer's price tier (ADR 0027): choose one and Save; the server's answer (or refusal)
 * shows under it. Keyed by the user, so another user starts from their own tier.
 */
function TierForm({ user }: { user: User }) {
  const tiers = useTiers();
  const move = useSetUserTier();
  const [tierId, setTierId] = useState(user.tier_id ?? DEFAULT_TIER_ID);
  const list = tiers.data?.message ?? [];
  const failure = move.error
    ? errorMessage(move.error, FALLBACK.generic)
    : tiers.error
      ? errorMessage(tiers.error, FALLBACK.generic)
      : '';
  return (
    <form
      noValidate
      aria-label="Price tier"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        move.trigger({ body: { userId: user.id, tierId } }).catch(() => undefined);
      }}
    >
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Price tier" className="min-w-48 flex-1">
          {(control) =>
            tiers.isLoading ? (
              <Skeleton className="h-10 w-full" />
            ) : (
              <Select
                value={tierId}
                onValueChange={(v) => {
                  setTierId(v);
                  move.reset();
                }}
              >
                <SelectTrigger {...control}>
                  <SelectValue placeholder="Choose a tier" />
                </SelectTrigger>
                <SelectContent>
                  {list.map((t) => (
                    <SelectItem key={t.id} value={t.id}>
                      {t.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )
          }
        </Field>
        <Button type="submit" variant="outline" loading={move.isMutating} disabled={!tiers.data}>
          Save tier
        </Button>
      </div>
      {move.data ? <FormAlert tone="success">{move.data.message}</FormAlert> : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </form>
  );
}

const limitText = (kobo: number | null) => (kobo === null ? 'No limit' : formatNaira(kobo));

/** A level's three limits, as the confirmation lists them. */
function LimitsList({ limits }: { limits: LevelLimits }) {
  const rows: [string, number | null][] = [
    ['Maximum balance', limits.max_balance],
    ['Daily funding', limits.daily_funding],
    ['Daily spending', limits.daily_spending],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, kobo]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd>{limitText(kobo)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The customer's verification level (ADR 0058): shown to every admin who sees
 * users; set, after a confirmation naming the new limits, by those whose role may (the server
 * audits it). A rise releases the credits held by the old limits that now fit.
 */
function VerificationForm({ user, mayChange }: { user: User; mayChange: boolean }) {
  const verification = useUserVerification(user.id);
  const save = useSetUserLevel();
  const [chosen, setChosen] = useState<VerificationLevel | null>(null);
  const [asking, setAsking] = useState(false);
  // Fixed when asked: once saved, the level read back must not turn the closing words round.
  const [rising, setRising] = useState(false);
  const v = verification.data?.message;
  const level = chosen ?? v?.level;
  const held = (v?.held ?? []).filter((h) => h.status === 'held');
  const heldTotal = held.reduce((sum, h) => sum + h.amount, 0);
  const next = chosen !== null ? v?.levels.find((l) => l.level === chosen) : undefined;

  const confirm = async () => {
    if (chosen === null) return;
    try {
      await save.trigger({ body: { user_id: user.id, level: chosen } });
      setAsking(false);
    } catch {
      // shown in the confirmation, from save.error
    }
  };

  if (verification.error) {
    return <FormAlert>{errorMessage(verification.error, FALLBACK.generic)}</FormAlert>;
  }
  if (!v) {
    return (
      <div role="status" aria-label="Loading verification">
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  return (
    <form
      noValidate
      aria-label="Verification"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen === null || chosen === v.level) return;
        setRising(chosen > v.level);
        setAsking(true);
      }}
    >
      <p className="text-sm font-medium">{`Verification: ${LEVEL_NAMES[v.level]}`}</p>
      {held.length > 0 ? (
        <p className="text-sm text-muted">
          {formatNaira(heldTotal)} held by this level’s limits (
          {held.length === 1 ? '1 credit' : `${held.length} credits`})
        </p>
      ) : null}
      {mayChange ? (
        <div className="flex flex-wrap items-end gap-2">
          <Field label="Verification level" className="min-w-48 flex-1">
            {(control) => (
              <Select
                value={String(level)}
                onValueChange={(value) => {
                  setChosen(Number(value) as VerificationLevel);
                  save.reset();
                }}
              >
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {VERIFICATION_LEVELS.map((l) => (
                    <SelectItem key={l} value={String(l)}>
                      {LEVEL_NAMES[l]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Button type="submit" variant="outline" disabled={chosen === null || chosen === v.level}>
            Save level
          </Button>
        </div>
      ) : null}
      <div aria-live="polite">
        {save.data ? (
          <FormAlert tone={save.data.waits ? 'info' : 'success'}>
            {save.data.waits ?? VERIFICATION_MSG.levelSet}
          </FormAlert>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          setAsking(open);
          if (!open) save.reset();
        }}
        title={`Set ${user.name} to level ${chosen ?? ''}?`}
        description={
          rising
            ? 'Their limits rise to these at once, and credits held by the old limits are added to the wallet if they now fit. Recorded in the audit log.'
            : 'Their limits fall to these at once: later funding past them is held, spending past them refused. Recorded in the audit log.'
        }
        confirmLabel={`Set level ${chosen ?? ''}`}
        loading={save.isMutating}
        error={save.error ? errorMessage(save.error, FALLBACK.generic) : undefined}
        onConfirm={() => void confirm()}
      >
        {next ? <LimitsList limits={next} /> : null}
      </ConfirmDialog>
    </form>
  );
}

/**
 * The user popup (spec §2 admin 2): the user's details and Block or Unblock; the result
 * (server message, else the spec's fallback) shows here, in the popup (spec §8).
 */
export function UserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const { reset: resetBlock } = block;
  const { reset: resetUnblock } = unblock;
  const userId = user?.id;
  useEffect(() => {
    resetBlock();
    resetUnblock();
  }, [userId, resetBlock, resetUnblock]);

  const last = block.data || block.error ? block : unblock;
  const fallback = last === block ? FALLBACK.block : FALLBACK.unblock;
  const success = last.data?.message;
  const failure = last.error ? errorMessage(last.error, fallback) : '';

  // Blocking signs the customer out and stops their money: asked first, with the reason the
  // audit log keeps (ADR 0078). Unblocking gives it all back: asked first too, no reason.
  const [asking, setAsking] = useState<'block' | 'unblock' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  // What the admin's role may not do is not offered (ADR 0051); the server refuses it anyway.
  // An admin account is blocked or unblocked only by an admin who manages admins (ADR 0072).
  const mayBlockUsers = useAdminCan('users.block');
  const mayManageAdmins = useAdminCan('admins');
  const mayBlock = mayBlockUsers && (!user?.isAdmin || mayManageAdmins);
  const maySetTier = useAdminCan('tiers');
  // Setting a level changes what money may move: the endpoint's permission (ADR 0058).
  const maySetLevel = useAdminCan('adjustments');
  const act = () => {
    if (!user) return;
    resetBlock();
    resetUnblock();
    setReason('');
    setReasonError('');
    setAsking(user.isBlocked ? 'unblock' : 'block');
  };
  const confirm = async () => {
    if (!user) return;
    if (asking === 'block') {
      const parsed = BlockUserBody.safeParse({ id: user.id, reason });
      if (!parsed.success) {
        setReasonError(parsed.error.issues[0]?.message ?? FALLBACK.block);
        return;
      }
      try {
        await block.trigger({ body: parsed.data });
      } catch {
        // shown in the user popup, from block.error
      }
    } else {
      try {
        await unblock.trigger({ body: { id: user.id } });
      } catch {
        // shown in the user popup, from unblock.error
      }
    }
    setAsking(null);
  };

  return (
    <Dialog open={user !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        {user ? (
          <>
            <DialogHeader>
              <DialogTitle>{user.name}</DialogTitle>
              <DialogDescription>{user.email}</DialogDescription>
            </DialogHeader>
            <DialogBody className="flex flex-col gap-4">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="text-muted">Role</dt>
                <dd>{user.isAdmin ? 'admin' : 'user'}</dd>
                <dt className="text-muted">Phone</dt>
                <dd>{user.phone}</dd>
                <dt className="text-muted">Wallet balance</dt>
                <dd>
                  <Money kobo={user.wallet_balance} />
                </dd>
                <dt className="text-muted">Status</dt>
                <dd>{user.status}</dd>
                <dt className="text-muted">Blocked</dt>
                <dd>{user.isBlocked ? 'Yes' : 'No'}</dd>
                <dt className="text-muted">Last login</dt>
                <dd>{user.last_login ? <DateText epochMs={user.last_login} /> : 'Never'}</dd>
                <dt className="text-muted">Joined</dt>
                <dd>
                  <DateText epochMs={user.created_on} />
                </dd>
              </dl>
              {success ? <FormAlert tone="success">{success}</FormAlert> : null}
              {failure ? <FormAlert>{failure}</FormAlert> : null}
              {user.isAdmin || !maySetTier ? null : <TierForm key={user.id} user={user} />}
              {user.isAdmin ? null : (
                <VerificationForm key={`level-${user.id}`} user={user} mayChange={maySetLevel} />
              )}
              {user.isAdmin ? null : <UserApiKeys key={`keys-${user.id}`} userId={user.id} />}
            </DialogBody>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              {mayBlock ? (
                <Button
                  variant={user.isBlocked ? 'primary' : 'destructive'}
                  loading={block.isMutating || unblock.isMutating}
                  onClick={act}
                >
                  {user.isBlocked ? 'Unblock' : 'Block'}
                </Button>
              ) : null}
            </DialogFooter>
            <ConfirmDialog
              open={asking === 'block'}
              onOpenChange={(open) => setAsking(open ? 'block' : null)}
              title={`Block ${user.name}?`}
              description="They are signed out at once and cannot sign in, buy or move money until an admin unblocks them."
              confirmLabel="Block user"
              tone="destructive"
              loading={block.isMutating}
              onConfirm={() => void confirm()}
            >
              <p className="text-sm [overflow-wrap:anywhere]">{user.email}</p>
              <Field
                label="Why are you blocking them?"
                hint="The audit log keeps your reason."
                error={reasonError || undefined}
                required
              >
                <Input
                  autoComplete="off"
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setReasonError('');
                  }}
                />
              </Field>
            </ConfirmDialog>
            <ConfirmDialog
              open={asking === 'unblock'}
              onOpenChange={(open) => setAsking(open ? 'unblock' : null)}
              title={`Unblock ${user.name}?`}
              description={ADMIN_USERS_MSG.unblockAsk}
              confirmLabel="Unblock user"
              loading={unblock.isMutating}
              onConfirm={() => void confirm()}
            >
              <p className="text-sm [overflow-wrap:anywhere]">{user.email}</p>
            </ConfirmDialog>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
