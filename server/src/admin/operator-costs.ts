/**
 * What the operator pays for on the admin overview (ADR 0086): the SMS sent, failed and waiting
 * today, from the outbox (ADR 0079), and the SMS (Termii) and payout (Flutterwave) floats as
 * the float poll last read them (failover.ts, ADR 0052). A read never calls a provider.
 */
import { OPERATOR_FLOATS, type OperatorCosts } from '@contract';
import { lagosDay, lagosDayStart } from '@contract/time';
import type { AppContext } from '../context.ts';
import { operatorFloat } from '../providers/failover.ts';

export async function operatorCosts(ctx: AppContext): Promise<OperatorCosts> {
  const now = (ctx.config.clock ?? Date.now)();
  const since = lagosDayStart(lagosDay(now));
  const count = (q: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
    q.executeTakeFirstOrThrow().then((r) => Number(r.n));
  const outbox = () => ctx.db.selectFrom('sms_outbox').select((eb) => eb.fn.countAll().as('n'));
  const [sent, failed, queued, floats] = await Promise.all([
    count(outbox().where('status', '=', 'sent').where('sent_at', '>=', since)),
    count(outbox().where('status', '=', 'failed').where('created_at', '>=', since)),
    count(outbox().where('status', 'in', ['queued', 'sending'])),
    Promise.all(OPERATOR_FLOATS.map((f) => operatorFloat(ctx, f))),
  ]);
  return { sms: { sent_today: sent, failed_today: failed, queued }, floats };
}
