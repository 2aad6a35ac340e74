import { useState, type ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { LoadError, ScreenHeading, SearchForm, type SearchField } from './admin-parts';

/**
 * A server-paged admin list's state: the page, what the search asked for (a new
 * search goes back to page 1) and the row whose details are open.
 */
export function useAdminList<Query extends object>() {
  const [page, setPage] = useState(1);
  const [query, setQueryState] = useState<Partial<Query>>({});
  const [openKey, setOpenKey] = useState<string | null>(null);
  const setQuery = (next: Partial<Query>) => {
    setQueryState(next);
    setPage(1);
  };
  return { page, setPage, query, setQuery, openKey, setOpenKey };
}

export type AdminList = ReturnType<typeof useAdminList>;

/** One server page as the admin list hooks return it. */
type ListResult<Row> = {
  data?: { message: Row[]; page: number; pages: number };
  error?: unknown;
  isLoading: boolean;
};

/**
 * One admin list screen: heading, search boxes, any filters, the server's error, the
 * server-paged table (its caption is the title) with its empty state, and the details dialog
 * of the row that was opened. The dialog follows the list, so it shows a row's new state.
 */
export function AdminListScreen<Row>({
  title,
  description,
  search,
  filters,
  list,
  result,
  columns,
  getRowKey,
  getRowLabel,
  emptyTitle,
  dialog,
}: {
  title: string;
  description: ReactNode;
  /** The search boxes; a screen with its own filter form gives it as `filters` instead. */
  search?: {
    label: string;
    fields: SearchField[];
    onSearch: (values: Record<string, string | undefined>) => void;
  };
  /** Filters shown between the search boxes and the table. */
  filters?: ReactNode;
  list: Pick<AdminList, 'page' | 'setPage' | 'openKey' | 'setOpenKey'>;
  result: ListResult<Row>;
  columns: PagedTableColumn<Row>[];
  getRowKey: (row: Row) => string;
  /** A row's accessible name ("Open payment PAY-1"). */
  getRowLabel: (row: Row) => string;
  emptyTitle: string;
  /** The details dialog: the open row, or null when none is. */
  dialog: (open: Row | null, close: () => void) => ReactNode;
}) {
  const { data, error, isLoading } = result;
  const rows = data?.message ?? [];
  const open = rows.find((row) => getRowKey(row) === list.openKey) ?? null;

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading title={title} description={description} />
      {search ? (
        <SearchForm label={search.label} fields={search.fields} onSearch={search.onSearch} />
      ) : null}
      {filters}
      {error ? <LoadError error={error} /> : null}
      <PagedTable
        caption={title}
        columns={columns}
        rows={rows}
        pageCount={data?.pages}
        getRowKey={getRowKey}
        getRowLabel={getRowLabel}
        onRowClick={(row) => list.setOpenKey(getRowKey(row))}
        page={data?.page ?? list.page}
        onPageChange={list.setPage}
        loading={isLoading}
        empty={<EmptyState size="sm" title={emptyTitle} />}
      />
      {dialog(open, () => list.setOpenKey(null))}
    </div>
  );
}
