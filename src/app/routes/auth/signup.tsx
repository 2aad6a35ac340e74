import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function SignupPage() {
  return <PlaceholderScreen title="Sign up" />;
}
