import { api, LIMITS, type AdminOverview } from '@contract';
import { DAY, lagosDay, now } from '../clock';
import { db } from '../db';
import { impl } from './impl';

/** Admin overview (spec §2 admin 1): totals plus a 30-day series of sales. */

function lastThirtyDays(): string[] {
  const today = now();
  return Array.from({ length: 30 }, (_, i) => lagosDay(today - (29 - i) * DAY));
}

function overview(): AdminOverview {
  const completed = db.payments.filter((p) => p.status === 'completed');
  // Sales: successful purchases (transfers move money between users, they are not sales).
  const sales = db.transactions.filter(
    (t) => t.status === 'successful' && t.product !== 'Transfer',
  );
  const byDay = new Map<string, { value: number; count: number }>();
  for (const t of sales) {
    const day = byDay.get(lagosDay(t.date)) ?? { value: 0, count: 0 };
    day.value += t.value;
    day.count += 1;
    byDay.set(lagosDay(t.date), day);
  }
  return {
    total_users: db.users.length,
    payments_count: completed.length,
    payments_amount: completed.reduce((sum, p) => sum + p.amount, 0),
    recent_users: db.users.filter(
      (u) => u.last_login !== null && now() - u.last_login <= LIMITS.recentlyActiveMs,
    ).length,
    daily: lastThirtyDays().map((day) => ({ day, ...(byDay.get(day) ?? { value: 0, count: 0 }) })),
  };
}

export const admin = {
  adminOverview: impl(
    api.adminOverview,
    () => ({ message: overview() }),
    () => ({
      message: {
        total_users: 0,
        payments_count: 0,
        payments_amount: 0,
        recent_users: 0,
        daily: lastThirtyDays().map((day) => ({ day, value: 0, count: 0 })),
      },
    }),
  ),
};
