import type { Coupon } from '@contract/entities';
import { LIMITS } from '@contract/business-limits';
import { CopyButton } from '@/components/ui/copy-button';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';

const COLUMNS: PagedTableColumn<Coupon>[] = [
  {
    key: 'code',
    header: 'Code',
    cell: (c) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm break-words">{c.coupon_code}</span>
        {c.isValid ? <CopyButton text={c.coupon_code} label="Copy" /> : null}
      </span>
    ),
  },
  { key: 'product', header: 'Product', cell: (c) => c.meta_data.name, hideOnMobile: true },
  { key: 'value', header: 'Value', cell: (c) => <Money kobo={c.meta_data.amount} />, align: 'end' },
  {
    key: 'expiry',
    header: 'Expiry',
    cell: (c) => <DateText epochMs={c.expires_at} />,
    hideOnMobile: true,
  },
  // Spec §2: the Active column shows YES/NO from isValid.
  { key: 'active', header: 'Active', cell: (c) => (c.isValid ? 'YES' : 'NO') },
];

export type CouponListProps = {
  /** Newest first: all of them, or with `pageCount` one server page (ADR 0020). */
  coupons: Coupon[] | undefined;
  page?: number;
  pageCount?: number;
  onPageChange?: (page: number) => void;
  loading?: boolean;
};

/** The customer's coupons, newest first, 5 per page (spec §2, §9). */
export function CouponList({ coupons, page, pageCount, onPageChange, loading }: CouponListProps) {
  return (
    <PagedTable
      caption="Your coupons"
      columns={COLUMNS}
      rows={coupons ?? []}
      getRowKey={(c) => c.coupon_code}
      pageSize={LIMITS.pageSize}
      page={page}
      pageCount={pageCount}
      onPageChange={onPageChange}
      loading={loading}
      empty={
        <EmptyState
          size="sm"
          title="No coupons yet"
          description="Coupons you buy appear here with their codes."
        />
      }
    />
  );
}
