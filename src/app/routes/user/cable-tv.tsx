import { PageTitle } from '@/app/layouts/layout-parts';
import { CableScreen } from '@/features/purchases/components/cable-screen';

export function CableTvPage() {
  return (
    <>
      <PageTitle title="Cable TV" />
      <CableScreen />
    </>
  );
}
