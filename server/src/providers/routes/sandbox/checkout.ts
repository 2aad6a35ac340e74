/**
 * The sandbox checkout page (decisions §2, §6): served only when no real card provider is
 * configured. It is the hosted page of the Flutterwave payments simulator (ADR 0043): the
 * simulator's payment link points here. A small self-contained page (no external assets, no
 * script: passes the CSP) with the amount and Pay / Fail / Cancel buttons; the form posts the
 * choice back here, the simulator records it and sends its `charge.completed` webhook (not for
 * Cancel), and the answer is a 302 to the app with Flutterwave's parameters, which the app then
 * verifies with the server (the parameters themselves are never trusted).
 */
import { toNaira } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import {
  type CheckoutOutcome,
  SIMULATOR_CHECKOUT_PATH,
} from '../../simulators/flutterwave-payments.ts';

const OUTCOMES: readonly CheckoutOutcome[] = ['successful', 'failed', 'cancelled'];

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(txRef: string, amount: number, email: string, status: string): string {
  const naira = toNaira(amount).toLocaleString('en-NG', { minimumFractionDigits: 2 });
  // A failed or cancelled attempt may be tried again (as Flutterwave allows on one tx_ref).
  const done = status === 'successful';
  const retry = status === 'failed' || status === 'cancelled';
  const button = (outcome: CheckoutOutcome, label: string, colour: string) =>
    `<button name="outcome" value="${outcome}" style="background:${colour}">${label}</button>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:24rem;width:100%}
h1{font-size:1.1rem;margin:0 0 .5rem}p{color:#444}.amount{font-size:2rem;font-weight:700;color:#111}
form{display:flex;gap:.5rem;margin-top:1.5rem}button{flex:1;border:0;border-radius:8px;padding:.75rem;color:#fff;font-size:1rem;cursor:pointer}
small{color:#666;display:block;margin-top:1rem;word-break:break-all}
</style></head><body><main>
<h1>PayBills sandbox checkout</h1>
<p>No card is charged: choose what the card provider answers.</p>
<div class="amount">₦${escape(naira)}</div>
<p>${escape(email)}</p>
${
  done
    ? `<p>This payment is already ${escape(status)}.</p>`
    : `${retry ? `<p>The last attempt was ${escape(status)}. You can try again.</p>` : ''}<form method="post" action="${SIMULATOR_CHECKOUT_PATH}/${escape(encodeURIComponent(txRef))}">
${button('successful', 'Pay', '#0a7d38')}${button('failed', 'Fail', '#b42318')}${button('cancelled', 'Cancel', '#555')}
</form>`
}
<small>Reference: ${escape(txRef)}</small>
</main></body></html>`;
}

export function sandboxCheckoutRoutes(app: FastifyInstance, ctx: AppContext): void {
  const simulator = ctx.providers.sandboxCard;
  if (!simulator) return;
  const notFound = (reply: {
    code(n: number): { type(t: string): { send(b: string): unknown } };
  }) => reply.code(404).type('text/plain; charset=utf-8').send('Unknown checkout.');

  app.get<{ Params: { txRef: string } }>(
    `${SIMULATOR_CHECKOUT_PATH}/:txRef`,
    async (req, reply) => {
      const checkout = await simulator.checkout(req.params.txRef);
      if (!checkout) return notFound(reply);
      return reply
        .type('text/html; charset=utf-8')
        .send(page(checkout.txRef, checkout.amount, checkout.customer.email, checkout.status));
    },
  );

  app.post<{ Params: { txRef: string } }>(
    `${SIMULATOR_CHECKOUT_PATH}/:txRef`,
    async (req, reply) => {
      const body = req.body as Record<string, unknown> | undefined;
      const outcome = body?.outcome as CheckoutOutcome;
      if (!OUTCOMES.includes(outcome)) {
        return reply
          .code(400)
          .type('text/plain; charset=utf-8')
          .send('Choose Pay, Fail or Cancel.');
      }
      // The webhook reaches the app before the browser is sent back, as Flutterwave's usually
      // does: the app's verify after the redirect then finds the payment already credited.
      const redirect = await simulator.completeCheckout(req.params.txRef, outcome);
      if (!redirect) return notFound(reply);
      return reply.redirect(redirect, 302);
    },
  );
}
