import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function CreatePinPage() {
  return <PlaceholderScreen title="Create your transaction pin" />;
}
