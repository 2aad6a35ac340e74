import { useState, type FormEvent } from 'react';
import { ProductEditBody } from '@contract/forms';
import type { z } from '@contract/zod';
import { CATALOGUE_MSG, FALLBACK } from '@contract/messages';
import { fieldMessages } from '@contract/rules';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { errorMessage } from '@/lib/api-error';
import { nairaText, toNaira } from '@contract/money';
import type { SyncFlag } from '@contract/entities';
import { useEditProduct } from '../api/edit-product';

/** A data or cable plan as the price pages show it (price and cost in kobo). */
export type EditablePlan = {
  id: string;
  plan_id: string;
  name: string;
  price: number;
  on_sale: boolean;
  /** What the provider charges us (the last catalogue sync); null before one. */
  cost?: number | null;
  sync_flag?: SyncFlag | null;
};

type ProductEditInput = z.output<typeof ProductEditBody>;

type Mode = 'view' | 'edit' | 'delete' | 'confirm-change';

/**
 * A new price more than 20 % away from the old one, either way, is asked again (* row 9): a typo is the usual cause (₦1,000 → ₦10, or ₦1,000 → ₦10,000), and a real change
 * of that size is rare enough to confirm. Integer kobo, so no rounding decides it.
 */
export const isBigPriceChange = (before: number, after: number) =>
  Math.abs(after - before) * 5 > before;

/**
 * The plan popup (spec §2 admin 5, 6): view mode first; Edit enables name and price; Update
 * saves (later purchases only). Delete asks first, then takes the plan off sale; a plan off
 * sale can be put back. A price under the provider's cost is refused (as the server does) and
 * a change of more than 20 %, up or down, asks to confirm first.
 */
export function PlanDialog({
  variationName,
  plan,
  onClose,
}: {
  variationName: string;
  plan: EditablePlan | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={plan !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        {plan ? (
          // Keyed: another plan starts in view mode with its own values.
          <PlanForm key={plan.id} variationName={variationName} plan={plan} onClose={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PlanForm({
  variationName,
  plan,
  onClose,
}: {
  variationName: string;
  plan: EditablePlan;
  onClose: () => void;
}) {
  const edit = useEditProduct();
  const { reset } = edit;
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(plan.name);
  const [price, setPrice] = useState(String(toNaira(plan.price)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<ProductEditInput | null>(null);
  const cost = plan.cost ?? null;

  const done = edit.data?.message;
  const failure = edit.error ? errorMessage(edit.error, FALLBACK.generic) : '';

  const update = (event: FormEvent) => {
    event.preventDefault();
    const wirePrice = /^\s*\d+(\.\d*)?\s*$/.test(price) ? Number(price) : Number.NaN;
    const parsed = ProductEditBody.safeParse({
      name: variationName,
      plan_id: plan.plan_id,
      plan: name,
      price: wirePrice,
    });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed));
      return;
    }
    const newPrice = parsed.data.price;
    if (cost !== null && newPrice !== undefined && newPrice < cost) {
      setErrors({ price: CATALOGUE_MSG.priceBelowCost(nairaText(cost)) });
      return;
    }
    setErrors({});
    if (newPrice !== undefined && isBigPriceChange(plan.price, newPrice)) {
      setPending(parsed.data);
      setMode('confirm-change');
      return;
    }
    save(parsed.data);
  };

  const save = (body: ProductEditInput) => {
    edit
      .trigger({ body })
      .then(() => {
        setPending(null);
        setMode('view');
      })
      .catch(() => undefined);
  };

  const setOnSale = (onSale: boolean) => {
    edit
      .trigger({ body: { name: variationName, plan_id: plan.plan_id, on_sale: onSale } })
      .then(() => setMode('view'))
      .catch(() => undefined);
  };

  const editing = mode === 'edit' || mode === 'confirm-change';
  const rise = pending?.price !== undefined && pending.price > plan.price;

  return (
    <form onSubmit={update} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit plan' : 'Plan'}</DialogTitle>
        <DialogDescription>
          {variationName}
          {plan.on_sale ? '' : ' · off sale'} · changes apply to later purchases only.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <Field label="Plan name" error={errors.plan}>
          <Input
            name="plan"
            value={name}
            disabled={!editing}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label="Price (₦)" error={errors.price} hint={editing ? 'Whole naira' : undefined}>
          <Input
            name="price"
            inputMode="numeric"
            value={price}
            disabled={!editing}
            onChange={(e) => setPrice(e.target.value)}
          />
        </Field>
        {cost !== null ? (
          <p className="text-sm text-muted">
            Provider cost <Money kobo={cost} />
            {mode === 'view' ? (
              <>
                {' '}
                · margin <Money kobo={plan.price - cost} />
              </>
            ) : null}
          </p>
        ) : null}
        {mode === 'confirm-change' && pending?.price !== undefined ? (
          <FormAlert
            tone="info"
            title={rise ? 'Raise the price by more than 20 %?' : 'Cut the price by more than 20 %?'}
          >
            <Money kobo={plan.price} /> → <Money kobo={pending.price} />. Customers pay the new
            price from the next purchase.
          </FormAlert>
        ) : null}
        {mode === 'delete' ? (
          <FormAlert tone="info" title="Delete this plan?">
            It is taken off sale: customers can no longer buy it. Past purchases keep it.
          </FormAlert>
        ) : null}
        {done ? <FormAlert tone="success">{done}</FormAlert> : null}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
      </DialogBody>
      <DialogFooter>
        {mode === 'view' ? (
          <>
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
            {plan.on_sale ? (
              <Button type="button" variant="destructive" onClick={() => setMode('delete')}>
                Delete
              </Button>
            ) : (
              <Button
                type="button"
                variant="outline"
                loading={edit.isMutating}
                onClick={() => setOnSale(true)}
              >
                Put back on sale
              </Button>
            )}
            <Button
              type="button"
              onClick={() => {
                reset();
                setMode('edit');
              }}
            >
              Edit
            </Button>
          </>
        ) : mode === 'edit' ? (
          <>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setMode('view');
                setErrors({});
                setName(plan.name);
                setPrice(String(toNaira(plan.price)));
              }}
            >
              Cancel
            </Button>
            <Button type="submit" loading={edit.isMutating}>
              Update
            </Button>
          </>
        ) : mode === 'confirm-change' ? (
          <>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setPending(null);
                setMode('edit');
              }}
            >
              Back
            </Button>
            <Button
              type="button"
              loading={edit.isMutating}
              onClick={() => (pending ? save(pending) : undefined)}
            >
              {rise ? 'Yes, raise the price' : 'Yes, cut the price'}
            </Button>
          </>
        ) : (
          <>
            <Button type="button" variant="outline" onClick={() => setMode('view')}>
              Cancel
            </Button>
            <Button
              type="button"
              variant="destructive"
              loading={edit.isMutating}
              onClick={() => setOnSale(false)}
            >
              Yes, delete
            </Button>
          </>
        )}
      </DialogFooter>
    </form>
  );
}
