import { useState } from 'react';
import type { CatalogueSyncSummary, SyncFlag } from '@contract';
import { CATALOGUE_MSG } from '@contract/messages';
import { everyPlanAtCost, pricedAtCost } from '@contract/plan-margins';
import { cleanPlanName } from '@contract/plan-names';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { statusBadgeVariants } from '@/components/ui/status-badge';
import { CloseIcon, InfoIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api-error';
import { FALLBACK } from '@contract/messages';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { useProducts } from '../api/get-products';
import { useSyncCatalogue } from '../api/sync-catalogue';
import { LoadError, ScreenHeading } from './admin-parts';
import { PlanDialog, type EditablePlan } from './plan-dialog';

export type PlanKind = 'data' | 'cabletv';

const TEXT: Record<PlanKind, { title: string; chooser: string; description: string }> = {
  data: {
    title: 'Data plan prices',
    chooser: 'Network',
    description: 'Choose a network, then a plan to view or edit it.',
  },
  cabletv: {
    title: 'Cable TV plan prices',
    chooser: 'TV provider',
    description: 'Choose a TV provider, then a plan to view or edit it.',
  },
};

/** What each sync flag asks of the admin (ADR 0044). */
export const SYNC_FLAG_TEXT: Record<SyncFlag, string> = {
  price_above_ours: 'Provider price above ours — off sale',
  not_at_provider: 'No longer sold by the provider',
  new: 'New — set a price',
};

/** A flagged plan's badge: red where sales stopped on a problem, grey for a new plan. */
export function SyncFlagBadge({ flag }: { flag: SyncFlag }) {
  const tone = flag === 'new' ? 'neutral' : 'danger';
  const Glyph = flag === 'new' ? InfoIcon : CloseIcon;
  return (
    <span data-slot="sync-flag" className={cn(statusBadgeVariants({ tone }), 'whitespace-normal')}>
      <Glyph className="size-3.5 shrink-0" strokeWidth={2.5} />
      <span>{SYNC_FLAG_TEXT[flag]}</span>
    </span>
  );
}

/** A plan sold for what the provider charges us (ADR 0077): it earns nothing. */
export function AtCostBadge() {
  return (
    <span data-slot="at-cost" className={statusBadgeVariants({ tone: 'neutral' })}>
      <InfoIcon className="size-3.5 shrink-0" strokeWidth={2.5} />
      <span>{CATALOGUE_MSG.pricedAtCost}</span>
    </span>
  );
}

/** The "Sync now" answer in a sentence per count, and the services left as they were. */
function SyncResult({ summary }: { summary: CatalogueSyncSummary }) {
  const failed = summary.services.filter((s) => s.failed);
  const counts = [
    `${summary.added} added`,
    `${summary.repriced} repriced`,
    `${summary.flagged} flagged`,
    `${summary.restored} back on sale`,
  ].join(' · ');
  return (
    <FormAlert tone={failed.length ? 'info' : 'success'} title={CATALOGUE_MSG.synced}>
      <span className="flex flex-col gap-1">
        <span>{counts}</span>
        {failed.length ? (
          <span>
            Not synced (left as they were):{' '}
            {failed.map((s) => `${s.service_id} (${s.error ?? 'failed'})`).join(', ')}
          </span>
        ) : null}
      </span>
    </FormAlert>
  );
}

/**
 * Admin pages 5 and 6 (spec §2): the plans of one network (data) or TV provider (cable),
 * name and price; a plan opens the edit popup. Reads the admin catalogue, which keeps plans
 * taken off sale so they can be found again. Each plan shows what the provider charges us and
 * our margin, and a badge when the catalogue sync flagged it; "Sync now" asks the providers
 * (ADR 0044). A plan shows the clean name customers read, the provider's own beneath it; a plan
 * at cost says so, and a banner says when every plan of the service is (ADR 0077).
 */
export function PlanPricesScreen({ kind }: { kind: PlanKind }) {
  const text = TEXT[kind];
  const { data, error, isLoading } = useProducts();
  const variations = (kind === 'data' ? data?.message.data : data?.message.cabletv) ?? [];
  const [chosenId, setChosenId] = useState<string | undefined>();
  const [openPlanId, setOpenPlanId] = useState<string | null>(null);
  const sync = useSyncCatalogue();
  const syncFailure = sync.error ? errorMessage(sync.error, FALLBACK.generic) : '';
  const variation = variations.find((v) => v.id === chosenId) ?? variations[0];
  const plans: EditablePlan[] = (variation?.plans ?? []).map((p) => ({
    id: p.id,
    plan_id: p.plan_id,
    name: p.name,
    price: 'wallet_price' in p ? p.wallet_price : p.price,
    on_sale: p.on_sale !== false,
    cost: p.cost ?? null,
    sync_flag: p.sync_flag ?? null,
  }));
  const open = plans.find((p) => p.id === openPlanId) ?? null;
  const allAtCost = everyPlanAtCost(plans);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading title={text.title} description={text.description} />
      <div className="flex flex-col gap-3">
        <div>
          <Button
            type="button"
            variant="outline"
            loading={sync.isMutating}
            onClick={() => {
              sync.trigger().catch(() => undefined);
            }}
          >
            Sync now
          </Button>
        </div>
        {sync.data && !sync.isMutating ? <SyncResult summary={sync.data.message} /> : null}
        {syncFailure ? <FormAlert>{syncFailure}</FormAlert> : null}
      </div>
      {error ? <LoadError error={error} /> : null}
      {isLoading ? (
        <SkeletonGroup label="Loading plans" className="flex flex-col gap-3">
          <Skeleton className="h-control w-64" />
          <Skeleton className="h-40" />
        </SkeletonGroup>
      ) : null}
      {data && variations.length === 0 ? (
        <EmptyState title={kind === 'data' ? 'No networks yet' : 'No TV providers yet'} />
      ) : null}
      {variation ? (
        <>
          <Field label={text.chooser} className="sm:w-64">
            {(props) => (
              <Select value={variation.id} onValueChange={setChosenId}>
                <SelectTrigger {...props}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {variations.map((v) => (
                    <SelectItem key={v.id} value={v.id}>
                      {v.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <section aria-labelledby="plans-heading" className="flex flex-col gap-2">
            <h2 id="plans-heading" className="text-lg font-semibold">
              {variation.name} plans
            </h2>
            {allAtCost ? (
              <FormAlert tone="info">{CATALOGUE_MSG.everyPlanAtCost(variation.name)}</FormAlert>
            ) : null}
            {plans.length === 0 ? (
              <EmptyState size="sm" title={`${variation.name} has no plans`} />
            ) : (
              <ul className="divide-y divide-border overflow-hidden rounded-card border border-border">
                {plans.map((p) => {
                  const clean = cleanPlanName(p.name);
                  return (
                    <li key={p.id}>
                      <button
                        type="button"
                        onClick={() => setOpenPlanId(p.id)}
                        className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left text-sm hover:bg-surface focus-visible:bg-brand-soft focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
                      >
                        <span className="flex min-w-0 flex-col gap-1">
                          <span>
                            <span className="font-medium">{clean}</span>
                            {p.on_sale ? null : (
                              <span className="ml-2 text-xs text-danger">Off sale</span>
                            )}
                          </span>
                          {clean === p.name ? null : (
                            <span data-slot="provider-name" className="text-xs text-muted">
                              {p.name}
                            </span>
                          )}
                          {p.cost != null ? (
                            <span className="text-xs text-muted">
                              Cost <Money kobo={p.cost} /> · Margin{' '}
                              <Money kobo={p.price - p.cost} />
                            </span>
                          ) : null}
                          {pricedAtCost(p) ? <AtCostBadge /> : null}
                          {p.sync_flag ? <SyncFlagBadge flag={p.sync_flag} /> : null}
                        </span>
                        <Money kobo={p.price} className="shrink-0 font-semibold" />
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <PlanDialog
            variationName={variation.name}
            plan={open}
            onClose={() => setOpenPlanId(null)}
          />
        </>
      ) : null}
    </div>
  );
}
