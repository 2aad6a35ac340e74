import { PageTitle } from '@/app/layouts/layout-parts';
import { OverviewScreen } from '@/features/overview/components/overview-screen';

export function UserOverviewPage() {
  return (
    <>
      <PageTitle title="Overview" />
      <OverviewScreen />
    </>
  );
}
