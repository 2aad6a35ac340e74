import { Field } from './field';
import { OptionSelect } from './option-select';

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
        <OptionSelect {...control} value={value} onValueChange={onChange} options={options} />
      )}
    </Field>
  );
}
