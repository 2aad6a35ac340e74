/**
 * The sandbox bank (ADR 0024): served only when the sandbox is the transfer
 * provider. A self-contained page (no script, passes the CSP) where anyone "sends a transfer"
 * of any amount to any 10-digit account number. The Flutterwave payments simulator (ADR 0043)
 * records it and delivers its signed webhook to the real webhook route (once, or twice at the
 * same time to show a duplicate), and that route verifies the transfer with the simulator,
 * through the live adapter, before anything is credited: the same path as a Flutterwave
 * transfer. A number that is nobody's account is held for an admin. ADR 0039: the webhook can
 * be sent in Flutterwave's older flat shape, or lost altogether (the transfer poller then
 * credits it on its next pass).
 */
import { toNaira } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { TRANSFER_POLL_MS } from '../../../funding/transfers.ts';

export const SANDBOX_TRANSFER_PATH = '/sandbox/transfer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const MAX_NAIRA = 10_000_000;

const OUTCOME_TEXT: Record<string, string> = {
  credited: 'It was credited to the customer’s wallet.',
  held: 'No customer has this account number: the transfer is held for an admin to assign.',
};

function page(input: { account: string; amount: string; sender: string }, notice = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox bank transfer</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:26rem;width:100%}
h1{font-size:1.1rem;margin:0 0 .5rem}p{color:#333}label{display:block;margin-top:1rem;font-weight:600}
input[type=text]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #888;border-radius:8px;font-size:1rem}
.check{display:flex;gap:.5rem;align-items:center;font-weight:400}
button{margin-top:1.5rem;width:100%;border:0;border-radius:8px;padding:.75rem;color:#fff;background:#0a7d38;font-size:1rem;cursor:pointer}
.notice{background:#eef6ff;border-radius:8px;padding:.75rem;color:#111}
</style></head><body><main>
<h1>PayBills sandbox bank</h1>
<p>No money moves: send a transfer to any account number, as a customer’s bank would.</p>
${notice ? `<p class="notice" role="status">${notice}</p>` : ''}
<form method="post" action="${SANDBOX_TRANSFER_PATH}">
<label for="account">Account number</label>
<input type="text" id="account" name="account" inputmode="numeric" maxlength="10" value="${escape(input.account)}" required>
<label for="amount">Amount (₦)</label>
<input type="text" id="amount" name="amount" inputmode="numeric" maxlength="8" value="${escape(input.amount)}" required>
<label for="sender">Sender’s name</label>
<input type="text" id="sender" name="sender" maxlength="100" value="${escape(input.sender)}">
<label class="check"><input type="checkbox" name="duplicate" value="1"> Deliver the webhook twice at once</label>
<label class="check"><input type="checkbox" name="flat" value="1"> In the older flat shape (no <code>data</code>)</label>
<label class="check"><input type="checkbox" name="lost" value="1"> Lose the webhook (the poller finds the transfer)</label>
<button>Send transfer</button>
</form>
<p><a href="/sandbox/providers">Make a bill provider refuse, time out or slow down</a></p>
</main></body></html>`;
}

export function sandboxTransferRoutes(app: FastifyInstance, ctx: AppContext): void {
  const bank = ctx.providers.sandboxTransfer;
  if (!bank) return;
  const html = 'text/html; charset=utf-8';

  app.get<{ Querystring: { account?: string } }>(SANDBOX_TRANSFER_PATH, async (req, reply) => {
    const account = String(req.query.account ?? '')
      .replace(/\D/g, '')
      .slice(0, 10);
    return reply.type(html).send(page({ account, amount: '', sender: 'Sandbox Sender' }));
  });

  app.post(SANDBOX_TRANSFER_PATH, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const field = (k: string, max: number) =>
      String(body[k] ?? '')
        .trim()
        .slice(0, max);
    const input = {
      account: field('account', 10),
      amount: field('amount', 8).replace(/,/g, ''),
      sender: field('sender', 100) || 'Sandbox Sender',
    };
    const naira = Number(input.amount);
    if (!/^\d{10}$/.test(input.account)) {
      return reply.code(400).type(html).send(page(input, 'Enter a 10-digit account number.'));
    }
    if (!/^\d+$/.test(input.amount) || naira < 1 || naira > MAX_NAIRA) {
      return reply
        .code(400)
        .type(html)
        .send(
          page(input, `Enter a whole amount from ₦1 to ₦${MAX_NAIRA.toLocaleString('en-NG')}.`),
        );
    }
    const times = body.lost ? 0 : body.duplicate ? 2 : 1;
    const sent = await bank.sendTransfer({
      accountNumber: input.account,
      amountKobo: naira * 100,
      sender: input.sender,
      shape: body.flat ? 'flat' : 'nested',
      deliveries: times,
    });
    const amount = `₦${toNaira(naira * 100).toLocaleString('en-NG')}`;
    const to = escape(input.account);
    if (times === 0) {
      const minutes = Math.round(TRANSFER_POLL_MS / 60_000);
      const notice = `Sent ${amount} to ${to} (reference ${sent.id}); the webhook was lost on purpose. The transfer poller finds it at the provider within ${minutes} minutes.`;
      return reply.type(html).send(page({ ...input, amount: '' }, notice));
    }
    const recorded = await ctx.db
      .selectFrom('bank_transfers')
      .select('status')
      .where('provider_id', '=', sent.id)
      .executeTakeFirst();
    const delivered = sent.answers.map((status) => status || 'no answer').join(' and ');
    const notice = recorded
      ? `Sent ${amount} to ${to} (reference ${sent.id}); the webhook was delivered ${times === 2 ? 'twice' : 'once'} (HTTP ${delivered}). ${OUTCOME_TEXT[recorded.status] ?? ''}`
      : `Sent ${amount}, but the webhook was not accepted (HTTP ${delivered}).`;
    return reply.type(html).send(page({ ...input, amount: '' }, notice));
  });
}
