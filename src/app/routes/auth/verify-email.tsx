import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function VerifyEmailPage() {
  return <PlaceholderScreen title="Verify e-mail" />;
}
