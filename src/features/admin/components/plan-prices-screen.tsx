import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Money } from '@/components/ui/money';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useProducts } from '../api/get-products';
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

/**
 * Admin pages 5 and 6 (spec §2): the plans of one network (data) or TV provider (cable),
 * name and price; a plan opens the edit popup. Reads the admin catalogue, which keeps plans
 * taken off sale so they can be found again.
 */
export function PlanPricesScreen({ kind }: { kind: PlanKind }) {
  const text = TEXT[kind];
  const { data, error, isLoading } = useProducts();
  const variations = (kind === 'data' ? data?.message.data : data?.message.cabletv) ?? [];
  const [chosenId, setChosenId] = useState<string | undefined>();
  const [openPlanId, setOpenPlanId] = useState<string | null>(null);
  const variation = variations.find((v) => v.id === chosenId) ?? variations[0];
  const plans: EditablePlan[] = (variation?.plans ?? []).map((p) => ({
    id: p.id,
    plan_id: p.plan_id,
    name: p.name,
    price: 'wallet_price' in p ? p.wallet_price : p.price,
    on_sale: p.on_sale !== false,
  }));
  const open = plans.find((p) => p.id === openPlanId) ?? null;

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading title={text.title} description={text.description} />
      {error ? <LoadError error={error} /> : null}
      {isLoading ? (
        <div
          aria-busy="true"
          className="flex flex-col gap-3"
          role="status"
          aria-label="Loading plans"
        >
          <Skeleton className="h-control w-64" />
          <Skeleton className="h-40" />
        </div>
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
            {plans.length === 0 ? (
              <EmptyState size="sm" title={`${variation.name} has no plans`} />
            ) : (
              <ul className="divide-y divide-border overflow-hidden rounded-card border border-border">
                {plans.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      onClick={() => setOpenPlanId(p.id)}
                      className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left text-sm hover:bg-surface focus-visible:bg-brand-soft focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
                    >
                      <span className="min-w-0">
                        <span className="font-medium">{p.name}</span>
                        {p.on_sale ? null : (
                          <span className="ml-2 text-xs text-danger">Off sale</span>
                        )}
                      </span>
                      <Money kobo={p.price} className="font-semibold" />
                    </button>
                  </li>
                ))}
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
