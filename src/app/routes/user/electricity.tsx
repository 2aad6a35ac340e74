import { PageTitle } from '@/app/layouts/layout-parts';
import { ElectricityScreen } from '@/features/purchases/components/electricity-screen';

export function ElectricityPage() {
  return (
    <>
      <PageTitle title="Electricity" />
      <ElectricityScreen />
    </>
  );
}
