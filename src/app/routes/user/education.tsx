import { PageTitle } from '@/app/layouts/layout-parts';
import { EducationScreen } from '@/features/purchases/components/education-screen';

export function EducationPage() {
  return (
    <>
      <PageTitle title="Education" />
      <EducationScreen />
    </>
  );
}
