import type * as React from 'react';
import type { Recipient, RecipientProduct } from '@contract/entities';
import {
  AirtimeIcon,
  CableTvIcon,
  DataIcon,
  DownloadIcon,
  ElectricityIcon,
  PlusIcon,
} from '@/components/ui/icons';
import { ShortcutTile } from '@/components/ui/shortcut-tile';
import { paths } from '@/config/routes';
import { RECIPIENT_PARAM, recipientParam, useRecipients } from '@/lib/recipients';
import { renderLink } from './dashboard-shell';

const PRODUCT: Record<RecipientProduct, { href: string; label: string; icon: React.ReactNode }> = {
  Airtime: { href: paths.user.airtime, label: 'Airtime', icon: <AirtimeIcon /> },
  Data: { href: paths.user.data, label: 'Data', icon: <DataIcon /> },
  CableTV: { href: paths.user.cableTv, label: 'TV', icon: <CableTvIcon /> },
  Electricity: { href: paths.user.electricity, label: 'Electricity', icon: <ElectricityIcon /> },
};

/** How many saved and recent recipients the overview offers to buy for again. */
const BUY_AGAIN = 6;

/** The purchase page, opened with a recipient chosen. */
export function buyAgainHref(r: Recipient): string {
  const query = new URLSearchParams({ [RECIPIENT_PARAM]: recipientParam(r) });
  return `${PRODUCT[r.product].href}?${query.toString()}`;
}

/**
 * The overview's first row: one tile per service, Fund wallet and Withdraw (ADR
 * 0084), then the customer's saved and recent recipients, each opening its purchase page ready
 * to pay.
 */
export function Shortcuts() {
  const { data } = useRecipients();
  const again = data ? [...data.message.saved, ...data.message.recent].slice(0, BUY_AGAIN) : [];
  return (
    <>
      <nav aria-label="Buy" className="grid grid-cols-3 gap-2 sm:grid-cols-6 sm:gap-3">
        {(Object.keys(PRODUCT) as RecipientProduct[]).map((product) => (
          <ShortcutTile
            key={product}
            href={PRODUCT[product].href}
            icon={PRODUCT[product].icon}
            label={PRODUCT[product].label}
            renderLink={renderLink}
          />
        ))}
        <ShortcutTile
          href={paths.user.wallet}
          icon={<PlusIcon />}
          label="Fund wallet"
          tone="brand"
          renderLink={renderLink}
        />
        <ShortcutTile
          href={paths.user.withdraw}
          icon={<DownloadIcon />}
          label="Withdraw"
          renderLink={renderLink}
        />
      </nav>
      {again.length > 0 ? (
        <section aria-labelledby="buy-again-heading" className="flex flex-col gap-2">
          <h2 id="buy-again-heading" className="text-lg font-semibold">
            Buy again
          </h2>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
            {again.map((r) => (
              <li key={buyAgainHref(r)} className="flex">
                <ShortcutTile
                  className="flex-1"
                  href={buyAgainHref(r)}
                  icon={PRODUCT[r.product].icon}
                  label={r.name ?? r.destination}
                  detail={
                    r.name
                      ? `${PRODUCT[r.product].label} · ${r.destination}`
                      : PRODUCT[r.product].label
                  }
                  renderLink={renderLink}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
