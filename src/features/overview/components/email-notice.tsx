import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-error';
import { useResendVerification } from '../api/resend-verification';

/** An unverified e-mail blocks purchases (decisions §7): say so, and offer a new link. */
export function EmailNotice({ email }: { email: string }) {
  const resend = useResendVerification();
  if (resend.data) return <FormAlert tone="success">{resend.data.message}</FormAlert>;
  return (
    <FormAlert tone="info" title="Please verify your e-mail address">
      <span className="flex flex-col items-start gap-2">
        <span>
          We sent a link to {email}. You can buy and send money once your address is verified.
        </span>
        {resend.error ? (
          <span className="font-medium text-danger">
            {errorMessage(resend.error, FALLBACK.generic)}
          </span>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          loading={resend.isMutating}
          onClick={() => void resend.trigger({ body: { email } }).catch(() => {})}
        >
          Resend verification link
        </Button>
      </span>
    </FormAlert>
  );
}
