import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { LIMITS } from '@contract/business-limits';
import { cn } from '@/lib/cn';

import { Button } from './button';
import { EmptyState } from './empty-state';
import { NextIcon, PreviousIcon } from './icons';
import { Skeleton } from './skeleton';

/** One column of a PagedTable. */
export type PagedTableColumn<Row> = {
  /** Stable key of the column. */
  key: string;
  /** Header text. */
  header: React.ReactNode;
  /** What the cell shows for a row. */
  cell: (row: Row) => React.ReactNode;
  /** Hide the column below the `md` breakpoint (spec §2: admin transactions hide id and user). */
  hideOnMobile?: boolean;
  /** Right-align numbers and money. */
  align?: 'start' | 'end';
  /** Extra classes for this column's cells. */
  className?: string;
};

export const pagedTableVariants = cva('w-full overflow-hidden rounded-card border border-border', {
  variants: {
    density: {
      comfortable: '[&_td]:py-3 [&_th]:py-2.5',
      compact: '[&_td]:py-2 [&_th]:py-1.5',
    },
  },
  defaultVariants: { density: 'comfortable' },
});

export type PagedTableProps<Row> = Omit<React.ComponentProps<'div'>, 'children'> &
  VariantProps<typeof pagedTableVariants> & {
    /** The table's accessible name ("Transactions"); shown as a visually hidden caption. */
    caption: string;
    columns: PagedTableColumn<Row>[];
    /** All rows, and the table shows one page of them; or, with `pageCount`, one server page. */
    rows: Row[];
    /**
     * When the server pages the list: its number of pages. `rows` is then the current page
     * only, and `page` / `onPageChange` must be given.
     */
    pageCount?: number;
    /** A unique key per row (the transaction id). */
    getRowKey: (row: Row) => string;
    /** Makes rows clickable (mouse, Enter or Space) — e.g. open the details popup. */
    onRowClick?: (row: Row) => void;
    /** Accessible label of a clickable row ("Open transaction T-123"). */
    getRowLabel?: (row: Row) => string;
    /** Rows per page. Spec §9: 5 for coupons and admin transactions. */
    pageSize?: number;
    /** Current page (1-based) when the parent controls paging; omit to let the table do it. */
    page?: number;
    /** Called with the new page (1-based) on Previous/Next. */
    onPageChange?: (page: number) => void;
    /** Shows skeleton rows and marks the table busy. */
    loading?: boolean;
    /** Shown instead of the rows when there are none. */
    empty?: React.ReactNode;
    /**
     * Below `sm` (640 px), each row becomes a card: one cell per line, under its column's
     * header. For tables whose cells hold controls (a replay button, an e-mail box) that a
     * 360 px phone would otherwise push off screen or squeeze to nothing.
     */
    stackOnMobile?: boolean;
  };

/**
 * The card layout of `stackOnMobile`: the table's parts become blocks below `sm`, the header
 * row is left to screen readers, and each cell shows its header (`data-label`) above its value.
 */
const stacked = {
  table: 'max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:py-3',
  cell: [
    'max-sm:flex max-sm:flex-col max-sm:items-stretch max-sm:gap-1 max-sm:py-0! max-sm:text-left',
    'max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-muted max-sm:before:uppercase',
    'max-sm:before:content-[attr(data-label)]',
  ].join(' '),
};

/**
 * A table with a page of rows, "Previous" / "Next" and "Page X of Y" (spec §2 admin
 * transactions). Columns can hide on phones; rows can open details. Data comes in as props:
 * the table never fetches.
 */
export function PagedTable<Row>({
  className,
  density,
  caption,
  columns,
  rows,
  getRowKey,
  onRowClick,
  getRowLabel,
  pageSize = LIMITS.pageSize,
  pageCount: serverPageCount,
  page: controlledPage,
  onPageChange,
  loading = false,
  empty,
  stackOnMobile = false,
  ...props
}: PagedTableProps<Row>) {
  const [ownPage, setOwnPage] = React.useState(1);
  const serverPaged = serverPageCount !== undefined;
  const pageCount = Math.max(1, serverPageCount ?? Math.ceil(rows.length / pageSize));
  const page = Math.min(Math.max(1, controlledPage ?? ownPage), pageCount);
  const visible = serverPaged ? rows : rows.slice((page - 1) * pageSize, page * pageSize);

  const goTo = (next: number) => {
    if (controlledPage === undefined) setOwnPage(next);
    onPageChange?.(next);
  };

  const hide = (column: PagedTableColumn<Row>) =>
    column.hideOnMobile ? 'hidden md:table-cell' : '';
  const align = (column: PagedTableColumn<Row>) =>
    column.align === 'end' ? 'text-right' : 'text-left';
  const stack = (part: keyof typeof stacked) => (stackOnMobile ? stacked[part] : '');
  // A column hidden on phones stays hidden in the cards too (`max-sm:flex` would show it).
  const stackCell = (column: PagedTableColumn<Row>) => (column.hideOnMobile ? '' : stack('cell'));
  /** A cell's header for the card layout, when it is plain text. */
  const label = (column: PagedTableColumn<Row>) =>
    stackOnMobile && typeof column.header === 'string' ? column.header : undefined;

  return (
    <div data-slot="paged-table" className={cn('flex flex-col gap-3', className)} {...props}>
      <div className={pagedTableVariants({ density })}>
        <div className="overflow-x-auto">
          <table
            className={cn('w-full border-collapse text-sm', stack('table'))}
            aria-busy={loading || undefined}
          >
            <caption className="sr-only">{caption}</caption>
            <thead className={cn('bg-surface', stack('head'))}>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={cn(
                      'px-2 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase sm:px-3',
                      align(column),
                      hide(column),
                    )}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={stack('body')}>
              {loading ? (
                Array.from({ length: Math.min(pageSize, 5) }, (_, index) => (
                  <tr key={index} className={cn('border-t border-border', stack('row'))}>
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        className={cn('px-2 sm:px-3', hide(column), stackCell(column))}
                      >
                        <Skeleton className="h-4" />
                      </td>
                    ))}
                  </tr>
                ))
              ) : visible.length === 0 ? (
                <tr className="border-t border-border">
                  <td colSpan={columns.length}>
                    {empty ?? <EmptyState size="sm" title="Nothing to show yet" />}
                  </td>
                </tr>
              ) : (
                visible.map((row) => (
                  <tr
                    key={getRowKey(row)}
                    className={cn(
                      'border-t border-border',
                      stack('row'),
                      onRowClick &&
                        'cursor-pointer hover:bg-surface focus-visible:bg-brand-soft focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand',
                    )}
                    tabIndex={onRowClick ? 0 : undefined}
                    aria-label={onRowClick && getRowLabel ? getRowLabel(row) : undefined}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    onKeyDown={
                      onRowClick
                        ? (event) => {
                            if (event.key === 'Enter' || event.key === ' ') {
                              event.preventDefault();
                              onRowClick(row);
                            }
                          }
                        : undefined
                    }
                  >
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        data-label={label(column)}
                        className={cn(
                          'px-2 align-middle sm:px-3',
                          align(column),
                          hide(column),
                          stackCell(column),
                          column.className,
                        )}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </div>
      {rows.length > 0 ? (
        <nav aria-label={`${caption} pages`} className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={loading || page <= 1}
            onClick={() => goTo(page - 1)}
          >
            <PreviousIcon className="size-4" /> Previous
          </Button>
          <p className="text-sm text-muted tabular-nums" aria-live="polite">
            Page {page} of {pageCount}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={loading || page >= pageCount}
            onClick={() => goTo(page + 1)}
          >
            Next <NextIcon className="size-4" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
