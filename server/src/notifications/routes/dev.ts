/**
 * Dev mailbox (sandbox mode without SMTP_URL only, ADR 0014): the JSON route and a page for
 * people. It shows only the mail it kept itself (`transport = 'dev'`), never mail that left.
 */
import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import { internationalNumber } from '../../providers/index.ts';
import { smsPass } from '../sms.ts';

async function mailFor(ctx: AppContext, to: string) {
  await ctx.mailer.flush();
  const rows = await ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to.toLowerCase())
    .where('transport', '=', 'dev')
    .where('sent_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    sent_at: Number(r.sent_at),
  }));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.devMail, async ({ query }) => ({ message: await mailFor(ctx, query.to) }));

  app.get('/dev/mailbox', async (req, reply) => {
    const to =
      typeof (req.query as { to?: unknown }).to === 'string'
        ? (req.query as { to: string }).to.trim().slice(0, 254)
        : '';
    await ctx.mailer.flush();
    let rows;
    if (to) {
      rows = await mailFor(ctx, to);
    } else {
      rows = (
        await ctx.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('transport', '=', 'dev')
          .where('sent_at', 'is not', null)
          .orderBy('id', 'desc')
          .limit(50)
          .execute()
      ).map((r) => ({
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        html: r.html_body,
        sent_at: Number(r.sent_at),
      }));
    }
    const items = rows
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><strong>To:</strong> ${escapeHtml(m.to)} · <time>${new Date(m.sent_at).toISOString()}</time></p>
<pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap;word-break:break-all}</style>
</head><body><h1>Dev mailbox</h1>
<form method="get"><label>Address <input name="to" type="email" value="${escapeHtml(to)}"></label> <button>Show</button></form>
<p>E-mail is kept here because SMTP_URL is not set. Links in the text open the app.
<a href="/sandbox/providers">Sandbox providers</a> makes a bill provider refuse or time out.</p>
${items || '<p>No messages.</p>'}
</body></html>`);
  });
}

/**
 * The dev SMS outbox (sandbox mode only, ADR 0079): what the Termii simulator received for a
 * number, newest first. One worker pass first, so an SMS just queued is there (the claim keeps
 * it from going out twice if the worker runs at the same moment).
 */
export function devSmsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.devSms, async ({ query }) => {
    const to = internationalNumber(query.to);
    if (!to) return { message: [] };
    await smsPass(ctx.db, ctx.providers.sms);
    const received = await ctx.providers.simulators.termii.received(to);
    return {
      message: received.map((m) => ({
        to: m.to,
        from: m.from,
        text: m.sms,
        message_id: m.message_id,
        received_at: m.received_at,
      })),
    };
  });
}
