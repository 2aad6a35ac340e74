import { useState, type ReactNode } from 'react';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';

export type PurchaseScreenProps = {
  title: string;
  description: string;
  /** The "Use wallet" form. */
  wallet: ReactNode;
  /**
   * The "Use Coupon" tab: mounted the first time it is chosen, then kept (so its code, and a
   * lazily loaded form, cost nothing until then).
   */
  coupon: ReactNode;
};

/** A purchase screen (spec §2): a title and two tabs, "Use wallet" and "Use Coupon". */
export function PurchaseScreen({ title, description, wallet, coupon }: PurchaseScreenProps) {
  const user = useCurrentUser();
  const [couponOpened, setCouponOpened] = useState(false);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-muted">{description}</p>
        <p className="text-sm">
          Wallet balance:{' '}
          {user.data ? (
            <Money kobo={user.data.message.wallet_balance} className="font-semibold" />
          ) : (
            <Skeleton className="inline-block w-24 align-middle" />
          )}
        </p>
      </header>
      <Tabs
        defaultValue="wallet"
        onValueChange={(value) => {
          if (value === 'coupon') setCouponOpened(true);
        }}
        className="flex flex-col gap-4"
      >
        <TabsList aria-label="Pay with">
          <TabsTrigger value="wallet">Use wallet</TabsTrigger>
          <TabsTrigger value="coupon">Use Coupon</TabsTrigger>
        </TabsList>
        <TabsContent value="wallet">{wallet}</TabsContent>
        <TabsContent value="coupon">{couponOpened ? coupon : null}</TabsContent>
      </Tabs>
    </div>
  );
}

/** The catalogue while it loads, or why it could not load (with a retry). */
export function CatalogueState({
  isLoading,
  error,
  retry,
  what,
}: {
  isLoading: boolean;
  error: unknown;
  retry: () => void;
  what: string;
}) {
  if (error) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormAlert>{errorMessage(error, FALLBACK.purchase)}</FormAlert>
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (isLoading) {
    return (
      <SkeletonGroup label={`Loading ${what}`} className="flex flex-col gap-4">
        <Skeleton shape="block" className="h-12" />
        <Skeleton shape="block" className="h-12" />
        <Skeleton shape="block" className="h-12" />
      </SkeletonGroup>
    );
  }
  return null;
}

/**
 * The wallet balance in kobo for the "Insufficient funds." rule. Until the user has loaded the
 * rule cannot be judged here, so it is left to the server (which always checks it).
 */
export function useBalance(): number {
  return useCurrentUser().data?.message.wallet_balance ?? Number.MAX_SAFE_INTEGER;
}
