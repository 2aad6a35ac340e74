import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function EducationPage() {
  return <PlaceholderScreen title="Education" />;
}
