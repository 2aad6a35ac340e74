import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FilterSelect, type FilterOption } from '@/components/ui/filter-select';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { brand } from '@/config/brand';
import { errorMessage } from '@/lib/api-error';
import { useFormErrors } from '@/lib/use-form-errors';

/** The page's title (tab and heading) and a line about it. */
export function ScreenHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <header className="flex flex-col gap-1">
      <title>{`${title} · Admin · ${brand.name}`}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      {description ? <p className="text-sm text-muted">{description}</p> : null}
    </header>
  );
}

/** A list that could not load: the server's message, else the spec's generic fallback. */
export function LoadError({ error }: { error: unknown }) {
  const text = errorMessage(error, FALLBACK.generic);
  return text ? <FormAlert>{text}</FormAlert> : null;
}

export type SearchField = { name: string; label: string; type?: 'email' | 'text'; hint?: string };

/**
 * Search boxes for a list: Search sends the trimmed values (empty ones left out), Clear shows
 * everything again. Each field searches on its own (the server matches exactly).
 */
export function SearchForm({
  label,
  fields,
  onSearch,
}: {
  label: string;
  fields: SearchField[];
  onSearch: (values: Record<string, string | undefined>) => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(
      fields.map((f) => [f.name, values[f.name]?.trim() || undefined]),
    );
    onSearch(trimmed);
  };
  const clear = () => {
    setValues({});
    onSearch({});
  };
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {fields.map((f) => (
        <Field key={f.name} label={f.label} hint={f.hint} className="sm:w-64">
          <Input
            type={f.type ?? 'text'}
            name={f.name}
            autoComplete="off"
            value={values[f.name] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          />
        </Field>
      ))}
      <div className="flex gap-2">
        <Button type="submit">Search</Button>
        <Button type="button" variant="outline" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}

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
