import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function LoginPage() {
  return <PlaceholderScreen title="Log in" />;
}
