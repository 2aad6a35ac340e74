import { useCallback, useEffect, useId, useState } from 'react';
import type { z } from '@contract/zod';
import { fieldMessages } from '@contract/rules';

/**
 * Submit-time validation with a contract form schema: errors by field (the first failing rule
 * of each, spec §5) and focus on the first invalid field, in the order the form lists them.
 * Shared by every form screen (docs/decisions/0011-shared-queries.md: code used by several
 * features lives in lib).
 */
export function useFormErrors<K extends string>(fields: readonly K[]) {
  const formId = useId();
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [focusRequest, setFocusRequest] = useState(0);

  const idOf = useCallback((field: K) => `${formId}-${field}`, [formId]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = fields.find((field) => errors[field]);
    if (first) document.getElementById(idOf(first))?.focus();
    // Only a new submit moves focus, not every edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  /** Parses `values`; on failure shows the messages, focuses the first field and returns null. */
  const validate = useCallback(
    <S extends z.ZodMiniType>(schema: S, values: unknown): z.output<S> | null => {
      const result = schema.safeParse(values);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      setErrors(fieldMessages(result) as Partial<Record<K, string>>);
      setFocusRequest((n) => n + 1);
      return null;
    },
    [],
  );

  /** Shows errors worked out elsewhere and focuses the first of them. */
  const show = useCallback((next: Partial<Record<K, string>>) => {
    setErrors(next);
    setFocusRequest((n) => n + 1);
  }, []);

  /** Forgets a field's error once it is edited. */
  const clear = useCallback((field: K) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  return { errors, validate, show, clear, idOf, setErrors };
}
