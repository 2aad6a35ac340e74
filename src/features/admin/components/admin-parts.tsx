import { useState, type FormEvent, type ReactNode } from 'react';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { brand } from '@/config/brand';
import { errorMessage } from '@/lib/api-error';

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
