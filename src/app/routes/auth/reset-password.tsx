import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function ResetPasswordPage() {
  return <PlaceholderScreen title="Reset password" />;
}
