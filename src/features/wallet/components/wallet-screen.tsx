import { FALLBACK } from '@contract/messages';
import { buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { DownloadIcon } from '@/components/ui/icons';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { Link } from '@/lib/link';
import { BankTransferCard } from './bank-transfer-card';
import { FundWalletDialog, type FundWalletDialogProps } from './fund-wallet-dialog';
import { ShareFundsForm } from './share-funds-form';

/**
 * Wallet (spec §2 page 2): the balance, the Fund Wallet popup, funding by bank transfer
 *, Withdraw (to a bank account, ADR 0084) and the Share Funds form.
 */
export function WalletScreen({ onRedirect }: Pick<FundWalletDialogProps, 'onRedirect'>) {
  const { data, error } = useCurrentUser();
  const user = data?.message;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:px-8">
      <h1 className="text-2xl font-bold">Wallet</h1>
      {error && !user ? <FormAlert>{errorMessage(error, FALLBACK.generic)}</FormAlert> : null}
      <section aria-label="Balance" className="flex flex-col gap-3">
        <StatCard
          tone="brand"
          label="Wallet balance"
          value={user ? <Money kobo={user.wallet_balance} /> : null}
          loading={!user && !error}
        />
        <div className="flex flex-wrap gap-2">
          <FundWalletDialog onRedirect={onRedirect} />
          {/* Money out to a bank account (ADR 0084): its own page. */}
          <Link to={paths.user.withdraw} className={buttonVariants({ variant: 'outline' })}>
            <DownloadIcon aria-hidden className="size-4" />
            Withdraw
          </Link>
        </div>
      </section>
      <BankTransferCard />
      <section
        aria-labelledby="share-heading"
        className="flex flex-col gap-4 rounded-card border border-border p-4"
      >
        <h2 id="share-heading" className="text-lg font-semibold">
          Share Funds
        </h2>
        {user ? (
          <ShareFundsForm balance={user.wallet_balance} />
        ) : error ? null : (
          <Skeleton className="h-40" />
        )}
      </section>
    </div>
  );
}
