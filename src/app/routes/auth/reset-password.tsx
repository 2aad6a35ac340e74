import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';

export function ResetPasswordPage() {
  return <ResetPasswordScreen />;
}
