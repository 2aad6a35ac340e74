import { PageTitle } from '@/app/layouts/layout-parts';
import { AirtimeScreen } from '@/features/purchases/components/airtime-screen';

export function AirtimePage() {
  return (
    <>
      <PageTitle title="Airtime" />
      <AirtimeScreen />
    </>
  );
}
