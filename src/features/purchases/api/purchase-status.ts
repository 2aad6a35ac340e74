import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import * as api from '@contract/api';
import type { Transaction } from '@contract/entities';
import { isKeyOf, useApiQuery } from '@/lib/swr';

/** How often a pending purchase is asked about, and how many times before the screen stops. */
export type PendingRefresh = { everyMs: number; times: number };

/**
 * The requery worker asks the provider 5 s after the purchase, then at doubling intervals
 * (15, 35, 75, 155 s…; decisions §5, server/src/purchases/requery.ts): asking every 5 s for two
 * minutes sees those answers soon after they land. Past that a purchase stays pending at the
 * provider's pace (minutes to hours), so the screen stops and offers "Check again" instead of
 * asking forever. The spec has no timer for this screen (its timers: spec §9).
 */
export const PENDING_REFRESH: PendingRefresh = { everyMs: 5_000, times: 24 };

/**
 * A purchase as it is now: a purchase that answered pending is looked up
 * again in the statement (`GET /api/user/transactions?q=<id>`, which finds a purchase by its
 * id; ADR 0045) until it settles, so the result turns into the token or the refund without
 * a reload. A settled purchase is never asked about. `checkAgain` starts another round.
 */
export function usePurchaseStatus(purchase: Transaction, refresh = PENDING_REFRESH) {
  const { mutate } = useSWRConfig();
  const [asked, setAsked] = useState(0);
  const id = purchase.transaction_id;
  // Until the first answer, and if the customer hid the purchase meanwhile: as it answered.
  const [now, setNow] = useState(purchase);
  const polling = now.status === 'pending' && asked < refresh.times;
  const lines = useApiQuery(
    api.myTransactions,
    purchase.status === 'pending' ? { query: { q: id, page: 1, limit: 5 } } : null,
    {
      // A number, not a function: SWR restarts its timer when this changes, and 0 stops it
      // (settled, or the round's last check done).
      refreshInterval: polling ? refresh.everyMs : 0,
      onSuccess: (data) => {
        setAsked((n) => n + 1);
        const line = data.message.find((l) => l.transaction_id === id && l.kind !== 'refund');
        if (line) setNow(line);
      },
      // Each timed check must reach the server: SWR's 5 s de-duplication would swallow some.
      dedupingInterval: Math.min(refresh.everyMs / 2, 2_000),
    },
  );

  // A settled purchase moved money (a refund) or the history's last lines: show them fresh.
  const settled = purchase.status === 'pending' && now.status !== 'pending';
  useEffect(() => {
    if (settled) void mutate((key) => isKeyOf(api.currentUser, key));
  }, [settled, mutate]);

  return {
    transaction: now,
    /** Asked `times` times and still pending: the customer may ask again. */
    gaveUp: now.status === 'pending' && !polling,
    checkAgain() {
      setAsked(0);
      void lines.mutate();
    },
  };
}
