import { PageTitle } from '@/app/layouts/layout-parts';
import { EducationScreen } from '@/features/purchases/components/products/education';

export function EducationPage() {
  return (
    <>
      <PageTitle title="Education" />
      <EducationScreen />
    </>
  );
}
