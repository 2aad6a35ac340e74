import { api, LIMITS, recentRecipients, recipientKey, SERVER_MSG, type Recipient } from '@contract';
import { me } from '../contract-handler';
import { db, nextId } from '../db';
import { MockApiError } from '../errors';
import { now } from '../clock';
import type { RecipientRecord } from '../records';
import { impl } from './impl';

/** Saved and recent recipients, as the server keeps them: per customer, limited. */

const view = ({ user_id: _owner, ...recipient }: RecipientRecord): Recipient => recipient;

function recentFor(userId: string): Recipient[] {
  const txs = db.transactions
    .filter((t) => t.user_id === userId && !t.hidden)
    .sort((a, b) => b.date - a.date)
    .map((t) => ({
      ...t,
      variation_code:
        t.product === 'Electricity'
          ? (db.catalogue.electricity.find(
              (v) => v.service_id === t.service_id && v.name === t.plan,
            )?.variation_code ?? null)
          : null,
    }));
  return recentRecipients(txs);
}

export const recipients = {
  recipients: impl(
    api.recipients,
    (ctx) => {
      const user = me(ctx);
      const saved = db.recipients
        .filter((r) => r.user_id === user.id)
        .sort((a, b) => b.last_used - a.last_used)
        .map(view);
      const savedKeys = new Set(saved.map(recipientKey));
      const recent = recentFor(user.id).filter((r) => !savedKeys.has(recipientKey(r)));
      return { message: { saved, recent } };
    },
    // A new customer: nothing saved, nothing bought yet.
    () => ({ message: { saved: [], recent: [] } }),
  ),

  saveRecipient: impl(api.saveRecipient, (ctx) => {
    const user = me(ctx);
    const body = ctx.body;
    const wanted = {
      product: body.product,
      destination: body.destination,
      service_id: body.service_id,
      variation_code: body.product === 'Electricity' ? (body.variation_code ?? null) : null,
    };
    const mine = db.recipients.filter((r) => r.user_id === user.id);
    const existing = mine.find((r) => recipientKey(r) === recipientKey(wanted));
    if (existing) {
      existing.name = body.name;
      existing.last_used = now();
      return { message: view(existing) };
    }
    if (mine.length >= LIMITS.savedRecipients) {
      throw new MockApiError('conflict', SERVER_MSG.recipientsFull(LIMITS.savedRecipients));
    }
    const record: RecipientRecord = {
      id: nextId('rcp'),
      user_id: user.id,
      ...wanted,
      name: body.name,
      last_used: now(),
    };
    db.recipients.push(record);
    return { message: view(record) };
  }),

  deleteRecipient: impl(api.deleteRecipient, (ctx) => {
    const user = me(ctx);
    const index = db.recipients.findIndex((r) => r.id === ctx.params.id && r.user_id === user.id);
    if (index < 0) throw new MockApiError('not_found', SERVER_MSG.recipientNotFound);
    db.recipients.splice(index, 1);
    return { message: SERVER_MSG.recipientDeleted };
  }),
};
