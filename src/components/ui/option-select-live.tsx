import type { OptionSelectProps } from './select-shared';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

/**
 * The `OptionSelect` once it has been opened: Radix Select (listbox roles, typeahead, keyboard,
 * the list in a portal). Its own module, so a page loads Radix Select, floating-ui and their
 * helpers when a customer first opens a dropdown, not on the first visit. Only
 * option-select.tsx imports it.
 */
export function OptionSelectLive({
  value,
  onValueChange,
  options,
  placeholder,
  disabled,
  defaultOpen,
  ...trigger
}: OptionSelectProps & { defaultOpen?: boolean }) {
  return (
    <Select
      value={value}
      onValueChange={onValueChange}
      disabled={disabled}
      defaultOpen={defaultOpen}
    >
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} price={o.price}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
