import { api, NOTICES_MSG, NOTICES_SHOWN, type Notices } from '@contract';
import { me } from '../contract-handler';
import { db } from '../db';
import { MockApiError } from '../errors';
import type { NoticeRecord } from '../fixtures/notices';
import { impl } from './impl';

/**
 * The bell (ADR 0057) over the mock store, as the server answers it: the caller's newest 20
 * and every unread one counted; read all, or up to one of their own (another's: 404).
 */
function bell(userId: string): Notices {
  const mine = db.notices
    .filter((n) => n.user_id === userId)
    .sort((a, b) => Number(b.id) - Number(a.id));
  const strip = ({ user_id: _, ...n }: NoticeRecord) => n;
  return {
    notices: mine.slice(0, NOTICES_SHOWN).map(strip),
    unread: mine.filter((n) => !n.read).length,
  };
}

export const notices = {
  notices: impl(
    api.notices,
    (ctx) => ({ message: bell(me(ctx).id) }),
    () => ({ message: { notices: [], unread: 0 } }),
  ),

  readNotices: impl(api.readNotices, (ctx) => {
    const u = me(ctx);
    const upTo = ctx.body.up_to;
    if (upTo !== undefined && !db.notices.some((n) => n.id === upTo && n.user_id === u.id)) {
      throw new MockApiError('not_found', NOTICES_MSG.notFound);
    }
    for (const n of db.notices) {
      if (n.user_id === u.id && (upTo === undefined || Number(n.id) <= Number(upTo))) {
        n.read = true;
      }
    }
    return { message: bell(u.id) };
  }),
};
