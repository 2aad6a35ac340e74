import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function AdminPaymentsPage() {
  return <PlaceholderScreen title="Payments" />;
}
