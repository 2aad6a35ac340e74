import { PageTitle } from '@/app/layouts/layout-parts';
import { ElectricityScreen } from '@/features/purchases/components/products/electricity';

export function ElectricityPage() {
  return (
    <>
      <PageTitle title="Electricity" />
      <ElectricityScreen />
    </>
  );
}
