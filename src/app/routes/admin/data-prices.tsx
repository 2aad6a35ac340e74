import { PlanPricesScreen } from '@/features/admin/components/plan-prices-screen';

export function AdminDataPricesPage() {
  return <PlanPricesScreen kind="data" />;
}
