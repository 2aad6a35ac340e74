import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/routes';

/**
 * Spec §2 `/payment/verification` (its content is not shown). A card checkout may return here;
 * the dashboard overview is where the return is verified and the new balance shown (spec §4
 * "Payment return"), so this forwards there with the same status, tx_ref and transaction_id.
 */
export function PaymentVerificationPage() {
  const { search } = useLocation();
  return <Navigate to={`${paths.user.overview}${search}`} replace />;
}
