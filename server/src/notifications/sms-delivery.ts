/**
 * Termii delivery reports (ADR 0086): a worker asks the SMS provider's delivery report (Termii's
 * History call, providers/termii.ts) about each sent SMS until it says delivered or not, and
 * keeps the answer on the outbox row (`delivery_status`, `delivery_detail`, migration 0043), so
 * the admin's transaction timeline shows it. Asked at most once a minute per message, and only
 * for a day after it was sent: a report that never comes leaves the message "sent".
 */
import type { AppContext } from '../context.ts';
import { startWorker } from '../platform/worker.ts';

/** Between two asks about one message. */
export const REPORT_WAIT_MS = 60_000;
/** How long after its send a message is asked about. */
export const REPORT_WINDOW_MS = 24 * 3_600_000;
const BATCH = 50;

/**
 * Termii's words as ours: "Delivered" (and the webhook's "DELIVERED | Message delivered to
 * handset") is delivered; "Failed", "Message Failed" and "DND Active on Phone Number" are not;
 * anything else ("Message Sent", Termii's first state, or a word it has not documented) is no
 * report yet (https://developer.termii.com/events-and-reports, https://developers.termii.com/history).
 */
export function termiiDelivery(words: string): 'delivered' | 'undelivered' | null {
  const w = words.trim().toLowerCase();
  if (w.startsWith('delivered')) return 'delivered';
  if (w === 'failed' || w === 'message failed' || w.startsWith('dnd active')) return 'undelivered';
  return null;
}

/** One pass: the sent messages due a question, asked one by one. */
export async function deliveryPass(
  ctx: AppContext,
  options: { now?: () => number; stopping?: () => boolean } = {},
): Promise<{ asked: number; reported: number }> {
  const provider = ctx.providers.sms;
  if (!provider?.report) return { asked: 0, reported: 0 };
  const now = options.now ?? Date.now;
  const t0 = now();
  const due = await ctx.db
    .selectFrom('sms_outbox')
    .select(['id', 'provider_message_id'])
    .where('status', '=', 'sent')
    .where('sent_at', '>=', t0 - REPORT_WINDOW_MS)
    .where('delivery_status', 'is', null)
    .where('provider_message_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('delivery_checked_at', 'is', null),
        eb('delivery_checked_at', '<=', t0 - REPORT_WAIT_MS),
      ]),
    )
    .orderBy('sent_at')
    .limit(BATCH)
    .execute();
  let asked = 0;
  let reported = 0;
  for (const row of due) {
    if (options.stopping?.()) break;
    asked += 1;
    let words: string | null;
    try {
      words = await provider.report(row.provider_message_id as string);
    } catch (err) {
      // Asked again at the next pass: nothing is written.
      ctx.log.warn({ sms: row.id, err: String(err).slice(0, 200) }, 'SMS delivery report failed');
      continue;
    }
    const status = words === null ? null : termiiDelivery(words);
    await ctx.db
      .updateTable('sms_outbox')
      .set({
        delivery_checked_at: now(),
        ...(status
          ? { delivery_status: status, delivery_detail: (words as string).slice(0, 100) }
          : {}),
      })
      .where('id', '=', row.id)
      .where('delivery_status', 'is', null)
      .execute();
    if (status) reported += 1;
  }
  return { asked, reported };
}

/** The delivery-report worker, with the others (app.ts): a pass every 30 s. */
export function startSmsDeliveryWorker(ctx: AppContext): () => Promise<void> {
  return startWorker(ctx, 'sms delivery', (stopping) => deliveryPass(ctx, { stopping }), 30_000);
}
