import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/http/route.ts';
import * as announcements from '../announcements.ts';

/** Admin announcements and the customer's banner (ADR 0059). */
export function announcementRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, api.announcements, async ({ query }) =>
    announcements.listAnnouncements(ctx, query),
  );
  route(app, ctx, api.createAnnouncement, async ({ body, user, req }) => ({
    message: await announcements.createAnnouncement(ctx, { admin: user, req }, body),
  }));
  route(app, ctx, api.editAnnouncement, async ({ params, body, user, req }) => ({
    message: await announcements.editAnnouncement(ctx, { admin: user, req }, params.id, body),
  }));
  route(app, ctx, api.endAnnouncement, async ({ body, user, req }) => ({
    message: await announcements.endAnnouncement(ctx, { admin: user, req }, body.id),
  }));
  route(app, ctx, api.myAnnouncements, async ({ user }) => ({
    message: await announcements.myAnnouncements(ctx, user),
  }));
  route(app, ctx, api.dismissAnnouncement, async ({ body, user }) => ({
    message: await announcements.dismissAnnouncement(ctx, user, body.id),
  }));
}
