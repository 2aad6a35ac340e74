import { PageTitle } from '@/app/layouts/layout-parts';
import { CableScreen } from '@/features/purchases/components/products/cable';

export function CableTvPage() {
  return (
    <>
      <PageTitle title="Cable TV" />
      <CableScreen />
    </>
  );
}
