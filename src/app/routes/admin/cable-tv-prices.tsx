import { PlanPricesScreen } from '@/features/admin/components/plan-prices-screen';

export function AdminCableTvPricesPage() {
  return <PlanPricesScreen kind="cabletv" />;
}
