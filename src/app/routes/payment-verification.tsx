import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function PaymentVerificationPage() {
  return <PlaceholderScreen title="Payment verification" />;
}
