import { PageTitle } from '@/app/layouts/layout-parts';
import { AirtimeScreen } from '@/features/purchases/components/products/airtime';

export function AirtimePage() {
  return (
    <>
      <PageTitle title="Airtime" />
      <AirtimeScreen />
    </>
  );
}
