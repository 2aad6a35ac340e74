import { Field } from './field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export type FilterOption = { value: string; label: string };

export type FilterSelectProps = {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (next: string) => void;
  className?: string;
};

/**
 * One of a list's filters: a labelled select over `{ value, label }` options. Shared by the
 * customer's history and the admin's transactions (features never import each other).
 */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  className = 'sm:w-48',
}: FilterSelectProps) {
  return (
    <Field label={label} className={className}>
      {(control) => (
        <Select value={value} onValueChange={onChange}>
          <SelectTrigger {...control}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}
