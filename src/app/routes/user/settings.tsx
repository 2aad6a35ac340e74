import { PageTitle } from '@/app/layouts/layout-parts';
import { SettingsScreen } from '@/features/settings/components/settings-screen';

export function SettingsPage() {
  return (
    <>
      <PageTitle title="Settings" />
      <SettingsScreen />
    </>
  );
}
