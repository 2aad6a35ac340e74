import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function ForgotPasswordPage() {
  return <PlaceholderScreen title="Forgot password" />;
}
