import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { FALLBACK } from '@contract/messages';
import { FilterSelect, type FilterOption } from '@/components/ui/filter-select';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-error';
import { useFormErrors } from '@/lib/use-form-errors';
import { LoadError } from './admin-parts';

/**
 * An admin form's values and errors: `set(name)(value)` changes one field, forgets its error and
 * calls `onEdit` (so a previous result or server error stops showing once the admin types
 * again); `validate` parses with the contract's schema and focuses the first invalid field.
 */
export function useAdminForm<V extends Record<string, unknown>>(
  initial: V | (() => V),
  fields: readonly (keyof V & string)[],
  onEdit?: () => void,
) {
  const [values, setValues] = useState<V>(initial);
  const form = useFormErrors(fields);
  const { clear } = form;
  const set = useCallback(
    <K extends keyof V & string>(name: K) =>
      (value: V[K]) => {
        setValues((v) => ({ ...v, [name]: value }));
        clear(name);
        onEdit?.();
      },
    [clear, onEdit],
  );
  return { ...form, values, setValues, set };
}

/**
 * The admin screens' one form pattern: a titled card with the form in a two-column grid (one on
 * a phone), then the action's error, what it did, and its buttons. Each screen keeps its own
 * fields and rules; the layout and the feedback are the same everywhere.
 */
export function FormCard({
  id,
  title,
  onSubmit,
  children,
  error,
  told,
  actions,
  after,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** The fields. */
  children: ReactNode;
  /** The action's failure: the server's message, else the generic fallback. */
  error?: unknown;
  /** What the action did (an alert of its own tone), or nothing. */
  told?: { text: string; tone?: 'success' | 'info' } | null;
  /** The submit button and any others. */
  actions: ReactNode;
  /** What belongs to the form but not to its grid (a confirmation dialog). */
  after?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-card border border-border p-4"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {children}
        <div className="flex flex-col gap-2 sm:col-span-2">
          {error ? <FormAlert>{errorMessage(error, FALLBACK.genericAlt)}</FormAlert> : null}
          {told ? <FormAlert tone={told.tone ?? 'success'}>{told.text}</FormAlert> : null}
          <div className="flex flex-wrap gap-2">{actions}</div>
        </div>
      </form>
      {after}
    </section>
  );
}

/**
 * A list an admin screen keeps of what was made there: a heading, a Show filter that goes back
 * to the first page, the load error, then the table.
 */
export function ListSection<F extends string>({
  id,
  title,
  filter,
  error,
  children,
}: {
  id: string;
  title: ReactNode;
  filter: {
    value: F;
    options: readonly (FilterOption & { value: F })[];
    onChange: (next: F) => void;
  };
  error?: unknown;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <FilterSelect
        label="Show"
        className="sm:w-56"
        value={filter.value}
        options={filter.options}
        onChange={(next) => filter.onChange(next as F)}
      />
      {error ? <LoadError error={error} /> : null}
      {children}
    </section>
  );
}
