import { PageTitle } from '@/app/layouts/layout-parts';
import { DataScreen } from '@/features/purchases/components/data-screen';

export function DataPage() {
  return (
    <>
      <PageTitle title="Data" />
      <DataScreen />
    </>
  );
}
