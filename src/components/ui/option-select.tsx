import * as React from 'react';

import { cn } from '@/lib/cn';

import { ChevronDownIcon } from './icons';
import { selectTriggerVariants, type OptionSelectProps } from './select-shared';

export type { OptionSelectProps, SelectOption } from './select-shared';

const loadLive = () => import('./option-select-live');
const OptionSelectLive = React.lazy(() =>
  loadLive().then((module) => ({ default: module.OptionSelectLive })),
);

/**
 * A dropdown from a list of options (networks, plans, providers): the same box and the same
 * Radix listbox as `Select`, for the forms a page shows at first paint. Until it is first
 * opened it is a light trigger (a `combobox` button showing the choice), so the page's first
 * visit carries no Radix Select or floating-ui; pointing at it or focusing it
 * fetches the listbox, and opening it (click, Enter, Space, ↓ or ↑) swaps in the Radix select,
 * opened. Label it with `<Field>` (it receives `id` and `aria-*`) or `aria-label`.
 */
export function OptionSelect(props: OptionSelectProps) {
  const [live, setLive] = React.useState(false);
  if (live) {
    return (
      <React.Suspense fallback={<LightTrigger {...props} />}>
        <OptionSelectLive {...props} defaultOpen />
      </React.Suspense>
    );
  }
  const prefetch = () => void loadLive();
  return (
    <LightTrigger
      {...props}
      onPointerEnter={(event) => {
        prefetch();
        props.onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        props.onFocus?.(event);
      }}
      onClick={(event) => {
        props.onClick?.(event);
        setLive(true);
      }}
      onKeyDown={(event) => {
        props.onKeyDown?.(event);
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          setLive(true);
        }
      }}
    />
  );
}

/** The closed trigger as Radix draws it: the chosen option's text, or the placeholder. */
function LightTrigger({
  value,
  options,
  placeholder,
  size,
  className,
  onValueChange: _onValueChange,
  ...button
}: OptionSelectProps) {
  const text = options.find((o) => o.value === value)?.label;
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-slot="select-trigger"
      data-state="closed"
      data-placeholder={text === undefined ? '' : undefined}
      className={cn(selectTriggerVariants({ size }), className)}
      {...button}
    >
      <span style={{ pointerEvents: 'none' }}>{text ?? placeholder}</span>
      <ChevronDownIcon aria-hidden="true" className="size-4 text-muted" />
    </button>
  );
}
