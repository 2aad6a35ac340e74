import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function SettingsPage() {
  return <PlaceholderScreen title="Settings" />;
}
