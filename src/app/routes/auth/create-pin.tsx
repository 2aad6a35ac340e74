import { Navigate } from 'react-router-dom';
import { paths } from '@/config/routes';
import { CreatePinForm } from '@/features/auth/components/create-pin-form';
import { useSession } from '@/lib/session';

/** Creating a pin needs a signed-in user: without a session, go to login. */
export function CreatePinPage() {
  const { tokens } = useSession();
  if (!tokens) return <Navigate to={paths.login} replace />;
  return <CreatePinForm />;
}
