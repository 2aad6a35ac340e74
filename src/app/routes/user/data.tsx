import { PageTitle } from '@/app/layouts/layout-parts';
import { DataScreen } from '@/features/purchases/components/products/data';

export function DataPage() {
  return (
    <>
      <PageTitle title="Data" />
      <DataScreen />
    </>
  );
}
