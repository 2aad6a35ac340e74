/**
 * The sandbox BVN consent page (ADR 0063): the hosted page of the Flutterwave payments
 * simulator's BVN consent flow (ADR 0043), standing in for the NIBSS consent page Flutterwave
 * sends the customer to. Served only when the simulator is the transfer provider. Like the
 * sandbox checkout: a small self-contained page (no external assets, no script: passes the
 * CSP) with the names sent and Approve / Decline; the form posts the choice back here, the
 * simulator records it, and the answer is a 302 to the merchant's redirect_url, where the app
 * asks the provider for the result (the return itself proves nothing).
 *
 * The form changes the server's state (the customer's answer), so it has the sandbox forms'
 * guard (`form-guard.ts`, the one the provider switch page uses): a CSRF token in a
 * SameSite=Strict cookie that must come back in the form, the browser's Origin /
 * Sec-Fetch-Site naming this site, and a rate limit per address.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import {
  type BvnConsentChoice,
  SANDBOX_OTHER_BVN_HOLDER,
  SIMULATOR_BVN_CONSENT_PATH,
} from '../../simulators/flutterwave-payments.ts';
import { CSRF_FIELD, sandboxFormGuard } from './form-guard.ts';

/** Consent-form posts per address per 15 minutes (ADR 0063). */
export const SANDBOX_BVN_CONSENT_LIMIT = { max: 60, windowMs: 15 * 60_000 };

const CHOICES: readonly BvnConsentChoice[] = ['approved', 'declined'];

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reference: string, name: string, status: string, token: string): string {
  const done = status !== 'INITIATED';
  const button = (choice: BvnConsentChoice, label: string, colour: string) =>
    `<button name="choice" value="${choice}" style="background:${colour}">${label}</button>`;
  const other = `${SANDBOX_OTHER_BVN_HOLDER.firstName} ${SANDBOX_OTHER_BVN_HOLDER.lastName}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox BVN consent</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:24rem;width:100%}
h1{font-size:1.1rem;margin:0 0 .5rem}p{color:#444}
form{display:flex;gap:.5rem;margin-top:1.5rem}button{flex:1;min-height:44px;border:0;border-radius:8px;padding:.75rem;color:#fff;font-size:1rem;cursor:pointer}
small{color:#666;display:block;margin-top:1rem;word-break:break-all}
</style></head><body><main>
<h1>PayBills sandbox: BVN consent</h1>
<p>In live mode this is the NIBSS consent page. No BVN is looked up here: choose what the customer answers.</p>
<p>Share the BVN details of <strong>${escape(name)}</strong> with PayBills?</p>
<p>A BVN ending in 0000 belongs to ${escape(other)}: approving it gives a name mismatch.</p>
${
  done
    ? `<p>This request was already ${escape(status)}.</p>`
    : `<form method="post" action="${SIMULATOR_BVN_CONSENT_PATH}/${escape(encodeURIComponent(reference))}">
<input type="hidden" name="${CSRF_FIELD}" value="${escape(token)}">
${button('approved', 'Approve', '#0a7d38')}${button('declined', 'Decline', '#b42318')}
</form>`
}
<small>Reference: ${escape(reference)}</small>
</main></body></html>`;
}

export function sandboxBvnConsentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const simulator = ctx.providers.sandboxTransfer;
  if (!simulator) return;
  const notFound = (reply: {
    code(n: number): { type(t: string): { send(b: string): unknown } };
  }) => reply.code(404).type('text/plain; charset=utf-8').send('Unknown BVN consent request.');
  const guard = sandboxFormGuard(ctx, {
    path: SIMULATOR_BVN_CONSENT_PATH,
    counter: 'route:sandboxBvnConsent',
    limit: SANDBOX_BVN_CONSENT_LIMIT,
    refusal: 'Send this form from the consent page itself: open it again and choose there.',
  });

  app.get<{ Params: { reference: string } }>(
    `${SIMULATOR_BVN_CONSENT_PATH}/:reference`,
    async (req, reply) => {
      const consent = await simulator.bvnConsent(req.params.reference);
      if (!consent) return notFound(reply);
      reply.header('cache-control', 'no-store');
      const token = guard.token(req, reply);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            consent.reference,
            `${consent.firstName} ${consent.lastName}`,
            consent.status,
            token,
          ),
        );
    },
  );

  app.post<{ Params: { reference: string } }>(
    `${SIMULATOR_BVN_CONSENT_PATH}/:reference`,
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await guard.admit(req, reply))) return reply;
      const body = req.body as Record<string, unknown> | undefined;
      const choice = body?.choice as BvnConsentChoice;
      if (!CHOICES.includes(choice)) {
        return reply.code(400).type('text/plain; charset=utf-8').send('Choose Approve or Decline.');
      }
      const redirect = await simulator.completeBvnConsent(req.params.reference, choice);
      if (!redirect) return notFound(reply);
      return reply.redirect(redirect, 302);
    },
  );
}
