/**
 * The sandbox's provider switch page (ADR 0052), sandbox mode only: for VTpass and
 * Flutterwave bills, what their simulators' next purchase calls meet (refused, never answered,
 * answered slowly) and each provider's breaker, with a form to queue a fault or clear them.
 * An operator trying the sandbox watches failover and the breaker on a real purchase, with no
 * tool but the browser. The Termii SMS simulator has its section too (ADR 0082): its next send
 * calls fail with a 5xx, are refused or never answered, to watch the SMS outbox retry. A
 * self-contained page like the other sandbox pages (no script, no external asset: passes the
 * CSP).
 *
 * The form changes the server's state, so it is guarded against other sites (CSRF) and
 * rate-limited per address by the sandbox forms' guard (`form-guard.ts`, shared with the BVN
 * consent page): a random token in an HttpOnly, SameSite=Strict cookie must come back in the
 * form, and a browser's Origin / Sec-Fetch-Site must name this site when sent.
 */
import { ROUTE_PROVIDERS, type RouteProvider } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { providerHealth } from '../../failover.ts';
import { CSRF_FIELD, sandboxFormGuard } from './form-guard.ts';
import {
  clearProviderFaults,
  clearSmsFaults,
  MAX_FAULT_COUNT,
  MAX_SLOW_SECONDS,
  providerFaultState,
  queueProviderFault,
  queueSmsFault,
  smsFaultState,
  type ProviderFaultKind,
  type SmsFaultKind,
} from '../../simulators/provider-faults.ts';

export const SANDBOX_PROVIDERS_PATH = '/sandbox/providers';
export { CSRF_COOKIE } from './form-guard.ts';
/** Form posts per address per 15 minutes (as `POST /api/dev/provider-fault`'s limit). */
export const SANDBOX_PROVIDERS_LIMIT = { max: 120, windowMs: 15 * 60_000 };

const ACTIONS = ['refuse', 'timeout', 'slow', 'clear'] as const;
type Action = (typeof ACTIONS)[number];
/** The Termii section's buttons (no Slow: the outbox waits for no one). */
const SMS_ACTIONS = ['error', 'refuse', 'timeout', 'balance', 'clear'] as const;
type SmsAction = (typeof SMS_ACTIONS)[number];
const TERMII = 'termii';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = 'text/html; charset=utf-8';

interface FormInput {
  provider: string;
  count: string;
  seconds: string;
}

const timeOf = (ms: number) => new Date(ms).toISOString().slice(11, 19);

async function page(
  ctx: AppContext,
  token: string,
  notice = '',
  input: FormInput = { provider: '', count: '1', seconds: '10' },
): Promise<string> {
  const sims = ctx.providers.simulators;
  const health = await providerHealth(ctx);
  const timeoutS = Math.round(ctx.providers.config.PROVIDER_TIMEOUT_MS / 1000);
  const sections = ROUTE_PROVIDERS.map((provider) => {
    const state = providerFaultState(sims, provider);
    const breaker = health.find((h) => h.provider === provider);
    const queued = state.queued.length
      ? `Its next purchase calls: ${state.queued.map(escape).join(', then ')}; after them it answers as usual.`
      : 'Its purchase calls are answered as usual.';
    const latency =
      state.latencyMs > 0
        ? `<p>Every call waits ${Math.round(state.latencyMs / 1000)} s first (SANDBOX_LATENCY_MS, kept by Clear).</p>`
        : '';
    const breakerText = !breaker
      ? ''
      : breaker.state === 'open' && breaker.open_until !== null
        ? `Failover: paused until ${timeOf(breaker.open_until)} UTC (the next provider of the order takes its purchases).`
        : breaker.state === 'half_open'
          ? 'Failover: trying again (the next purchase tests it).'
          : `Failover: in use${breaker.failures ? ` (${breaker.failures} refused or unanswered in a row)` : ''}.`;
    const id = `p-${provider}`;
    const mine = input.provider === provider;
    const count = escape(mine ? input.count : '1');
    const seconds = escape(mine ? input.seconds : '10');
    return `<section aria-labelledby="${id}">
<h2 id="${id}">${escape(state.label)}</h2>
<p class="state" data-testid="state-${provider}">${queued}</p>${latency}
<p>${escape(breakerText)}</p>
<form method="post" action="${SANDBOX_PROVIDERS_PATH}">
<input type="hidden" name="${CSRF_FIELD}" value="${escape(token)}">
<input type="hidden" name="provider" value="${provider}">
<div class="fields">
<label>Purchase calls <input type="number" name="count" min="1" max="${MAX_FAULT_COUNT}" value="${count}" required></label>
<label>Seconds (Slow) <input type="number" name="seconds" min="1" max="${MAX_SLOW_SECONDS}" value="${seconds}"></label>
</div>
<div class="buttons">
<button name="fault" value="refuse">Refuse</button>
<button name="fault" value="timeout">Time out</button>
<button name="fault" value="slow">Slow</button>
<button name="fault" value="clear" class="clear">Clear</button>
</div>
</form>
</section>`;
  }).join('\n');
  const smsQueued = smsFaultState(sims);
  const smsState = smsQueued.length
    ? `Its next send calls: ${smsQueued.map(escape).join(', then ')}; after them it answers as usual.`
    : 'Its send calls are answered as usual.';
  const smsCount = escape(input.provider === TERMII ? input.count : '1');
  const termii = `<section aria-labelledby="p-${TERMII}">
<h2 id="p-${TERMII}">Termii (SMS)</h2>
<p class="state" data-testid="state-${TERMII}">${smsState}</p>
<p>Fail (HTTP 500) and Time out: the SMS outbox tries the message again later (30 s, doubling);
Refuse: a 400 "You are not set up on this route", never sent again.</p>
<form method="post" action="${SANDBOX_PROVIDERS_PATH}">
<input type="hidden" name="${CSRF_FIELD}" value="${escape(token)}">
<input type="hidden" name="provider" value="${TERMII}">
<div class="fields">
<label>Send calls <input type="number" name="count" min="1" max="${MAX_FAULT_COUNT}" value="${smsCount}" required></label>
</div>
<div class="buttons">
<button name="fault" value="error">Fail (HTTP 500)</button>
<button name="fault" value="refuse">Refuse</button>
<button name="fault" value="timeout">Time out</button>
<button name="fault" value="balance">Balance unreachable (HTTP 500)</button>
<button name="fault" value="clear" class="clear">Clear</button>
</div>
</form>
</section>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox providers</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:1rem}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:40rem;margin:0 auto}
h1{font-size:1.2rem;margin:0 0 .5rem}h2{font-size:1.05rem;margin:1.5rem 0 .25rem}p{color:#333}
section{border-top:1px solid #ddd;margin-top:1rem}
.fields{display:flex;gap:1rem;flex-wrap:wrap}label{font-weight:600;display:flex;flex-direction:column;gap:.25rem}
input[type=number]{width:8rem;min-height:44px;box-sizing:border-box;padding:.5rem;border:1px solid #888;border-radius:8px;font-size:1rem}
.buttons{display:flex;gap:.5rem;flex-wrap:wrap;margin-top:1rem}
button{min-height:44px;min-width:44px;border:0;border-radius:8px;padding:.6rem 1rem;color:#fff;background:#b42318;font-size:1rem;cursor:pointer}
button.clear{background:#555}.notice{background:#eef6ff;border-radius:8px;padding:.75rem;color:#111}
</style></head><body><main>
<h1>PayBills sandbox providers</h1>
<p>Make a simulated provider refuse, never answer, or answer slowly on its next purchase calls,
to watch failover and the breaker. Refuse: VTpass answers 016 (TRANSACTION FAILED), Flutterwave
a 400 error; the purchase goes to the next provider of its order, or is refunded. Time out: no
answer; after ${timeoutS} s the purchase stays pending with that provider until the requery
settles it (never sent elsewhere). Slow: answered after the seconds given (past ${timeoutS} s it is a
time-out). The order is set on the admin Providers page.</p>
${notice ? `<p class="notice" role="status">${notice}</p>` : ''}
${sections}
${termii}
</main></body></html>`;
}

function noticeFor(
  label: string,
  action: Action,
  count: number,
  seconds: number,
  queued: number,
): string {
  const calls = count === 1 ? 'next purchase call' : `next ${count} purchase calls`;
  const what =
    action === 'refuse'
      ? 'refused'
      : action === 'timeout'
        ? 'never answered'
        : `answered after ${seconds} s`;
  const total = queued > count ? ` (${queued} faults queued in all)` : '';
  return `${escape(label)}: the ${calls} will be ${what}${total}.`;
}

export function sandboxProviderRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Live purchases never touch the simulators: a switch there would only mislead.
  if (ctx.mode !== 'sandbox') return;

  const guard = sandboxFormGuard(ctx, {
    path: SANDBOX_PROVIDERS_PATH,
    counter: 'route:sandboxProviders',
    limit: SANDBOX_PROVIDERS_LIMIT,
    refusal: `Send this form from the sandbox page itself: open ${SANDBOX_PROVIDERS_PATH} and try again.`,
  });
  const tokenFor = guard.token;

  app.get(SANDBOX_PROVIDERS_PATH, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.type(html).send(await page(ctx, tokenFor(req, reply)));
  });

  app.post(SANDBOX_PROVIDERS_PATH, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!(await guard.admit(req, reply))) return reply;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = tokenFor(req, reply);
    const field = (k: string, max: number) =>
      String(body[k] ?? '')
        .trim()
        .slice(0, max);
    const input: FormInput = {
      provider: field('provider', 20),
      count: field('count', 4),
      seconds: field('seconds', 4),
    };
    const action = field('fault', 10) as Action;
    const provider = input.provider as RouteProvider;
    const bad = (text: string) =>
      page(ctx, token, escape(text), input).then((out) => reply.code(400).type(html).send(out));
    if (input.provider === TERMII) {
      const sims = ctx.providers.simulators;
      const smsAction = action as string as SmsAction;
      if (!(SMS_ACTIONS as readonly string[]).includes(smsAction)) {
        return bad('Choose Fail (HTTP 500), Refuse, Time out or Clear.');
      }
      if (smsAction === 'clear') {
        clearSmsFaults(sims);
        const out = await page(
          ctx,
          token,
          'Termii: cleared; its send calls are answered as usual.',
        );
        return reply.type(html).send(out);
      }
      const n = Number(input.count);
      if (!/^\d+$/.test(input.count) || n < 1 || n > MAX_FAULT_COUNT) {
        return bad(`Enter how many send calls, from 1 to ${MAX_FAULT_COUNT}.`);
      }
      if (smsAction === 'balance') {
        // The balance call the float poll makes (ADR 0086): its error shows on the overview.
        for (let i = 0; i < n; i += 1) {
          sims.termii.faults.inject('balance', { kind: 'status', status: 500 });
        }
        const calls = n === 1 ? 'next balance call' : `next ${n} balance calls`;
        const out = await page(
          ctx,
          token,
          escape(
            `Termii: the ${calls} will fail with HTTP 500; the overview shows the poll's error.`,
          ),
          input,
        );
        return reply.type(html).send(out);
      }
      const kind: SmsFaultKind = smsAction;
      const queued = queueSmsFault(sims, kind, n);
      const calls = n === 1 ? 'next send call' : `next ${n} send calls`;
      const what =
        kind === 'error'
          ? 'fail with HTTP 500'
          : kind === 'refuse'
            ? 'be refused'
            : 'never be answered';
      const total = queued > n ? ` (${queued} faults queued in all)` : '';
      const out = await page(ctx, token, `Termii: the ${calls} will ${what}${total}.`, input);
      return reply.type(html).send(out);
    }
    if (!(ROUTE_PROVIDERS as readonly string[]).includes(provider)) {
      return bad('Choose VTpass, Flutterwave or Termii.');
    }
    if (!(ACTIONS as readonly string[]).includes(action)) {
      return bad('Choose Refuse, Time out, Slow or Clear.');
    }
    const label = providerFaultState(ctx.providers.simulators, provider).label;
    if (action === 'clear') {
      clearProviderFaults(ctx.providers.simulators, provider);
      const out = await page(
        ctx,
        token,
        `${escape(label)}: cleared; its purchase calls are answered as usual.`,
      );
      return reply.type(html).send(out);
    }
    const count = Number(input.count);
    if (!/^\d+$/.test(input.count) || count < 1 || count > MAX_FAULT_COUNT) {
      return bad(`Enter how many purchase calls, from 1 to ${MAX_FAULT_COUNT}.`);
    }
    const seconds = Number(input.seconds);
    if (
      action === 'slow' &&
      (!/^\d+$/.test(input.seconds) || seconds < 1 || seconds > MAX_SLOW_SECONDS)
    ) {
      return bad(`Enter the seconds, from 1 to ${MAX_SLOW_SECONDS}.`);
    }
    const kind: ProviderFaultKind = action;
    const queued = queueProviderFault(
      ctx.providers.simulators,
      provider,
      kind,
      count,
      seconds || 10,
    );
    const out = await page(ctx, token, noticeFor(label, action, count, seconds, queued), input);
    return reply.type(html).send(out);
  });
}
