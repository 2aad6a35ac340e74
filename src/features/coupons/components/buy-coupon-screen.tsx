import { useState } from 'react';
import { FALLBACK } from '@contract/messages';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { useMyCoupons } from '../api/get-my-coupons';
import { BuyCouponForm } from './buy-coupon-form';
import { CouponList } from './coupon-list';

/** Buy Coupon (spec §2 page 10): the purchase form and the customer's coupons. */
export function BuyCouponScreen() {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const coupons = useMyCoupons(page);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-6 lg:grid-cols-[minmax(0,28rem)_1fr]">
      <section aria-labelledby="buy-coupon-title" className="flex flex-col gap-4">
        <header className="flex flex-col gap-1">
          <h1 id="buy-coupon-title" className="text-2xl font-bold">
            Buy Coupon
          </h1>
          <p className="text-muted">
            Gift airtime, data, TV, power or exam pins without knowing the recipient’s number.
          </p>
          <p className="text-sm">
            Wallet balance:{' '}
            {user.data ? (
              <Money kobo={user.data.message.wallet_balance} className="font-semibold" />
            ) : (
              <Skeleton className="inline-block w-24 align-middle" />
            )}
          </p>
        </header>
        <BuyCouponForm />
      </section>
      <section aria-labelledby="my-coupons-title" className="flex min-w-0 flex-col gap-3">
        <h2 id="my-coupons-title" className="text-lg font-semibold">
          Your coupons
        </h2>
        {coupons.error && !coupons.data ? (
          <FormAlert>{errorMessage(coupons.error, FALLBACK.generic)}</FormAlert>
        ) : null}
        <CouponList
          coupons={coupons.data?.message}
          page={coupons.data?.page ?? page}
          pageCount={coupons.data?.pages}
          onPageChange={setPage}
          loading={coupons.isLoading}
        />
      </section>
    </div>
  );
}
