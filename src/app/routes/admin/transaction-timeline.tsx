import { useParams } from 'react-router-dom';
import { TransactionTimelineScreen } from '@/features/admin/components/transaction-timeline-screen';

export function AdminTransactionTimelinePage() {
  const { id = '' } = useParams();
  return <TransactionTimelineScreen id={id} />;
}
