/**
 * New sign-ins told (ADR 0087). A device is a browser (or client) that keeps our device
 * cookie: a random id set at sign-in, HttpOnly, for 400 days, sent only to /api/. An account
 * knows the devices it signed in from by the SHA-256 of that id (`known_devices`; the id
 * itself is not stored). A sign-in from a device the account does not know (no cookie, a
 * cookie it never signed in with, or one that is not ours) is told to the owner by the
 * security SMS and e-mail (security-mail.ts), which cannot be turned off; the account's very
 * first device is recorded silently (its sign-up, or its first sign-in since this release).
 *
 * Not a fingerprint of the user agent or address: those change on their own (a browser
 * update, a phone moving between networks) and would tell the owner of their own sign-ins,
 * or stay the same for a stranger on the same network.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { randomToken, sha256 } from '../platform/secrets.ts';
import { securityMail, type Origin } from '../notifications/security-mail.ts';
import type { UserRow } from './users.ts';

export const DEVICE_COOKIE = 'pb_device';
/** 400 days, the longest a browser keeps a cookie (RFC 6265bis). */
export const DEVICE_MAX_AGE_S = 400 * 24 * 60 * 60;
/** Our ids: 32 random bytes, base64url (randomToken). Anything else is not ours. */
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** What a sign-in knows of its device, and how it gives the device its cookie. */
export interface SignInDevice {
  id: string | undefined;
  origin: Origin;
  remember(id: string): void;
}

/** The device cookie of `header` (a Cookie header), if it is one of ours. */
export function deviceIdOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    const id = value.join('=');
    if (name === DEVICE_COOKIE && DEVICE_ID.test(id)) return id;
  }
  return undefined;
}

/** The device of a sign-in request; its cookie is set on `reply`. */
export function signInDevice(
  ctx: Pick<AppContext, 'config'>,
  req: FastifyRequest,
  reply: FastifyReply,
): SignInDevice {
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return {
    id: deviceIdOf(req.headers.cookie),
    origin: req,
    remember(id) {
      reply.header(
        'set-cookie',
        `${DEVICE_COOKIE}=${id}; Path=/api/; Max-Age=${DEVICE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`,
      );
    },
  };
}

/**
 * Records the device of a sign-in that passed every step, telling the owner when the account
 * did not know it (and knew another). Answers nothing; the device gets its cookie (the one it
 * had, if ours, so one browser is one device for every account signed in on it).
 */
export async function recognizeDevice(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'email' | 'email_verified'>,
  device: SignInDevice,
  now = Date.now(),
): Promise<void> {
  const id = device.id ?? randomToken();
  const hash = sha256(id);
  await ctx.dbh.writeTx(async (trx) => {
    const seen = await trx
      .updateTable('known_devices')
      .set({ last_seen: now })
      .where('user_id', '=', user.id)
      .where('device_hash', '=', hash)
      .executeTakeFirst();
    if (Number(seen.numUpdatedRows) > 0) return;
    const other = await trx
      .selectFrom('known_devices')
      .select('device_hash')
      .where('user_id', '=', user.id)
      .limit(1)
      .executeTakeFirst();
    const added = await trx
      .insertInto('known_devices')
      .values({ user_id: user.id, device_hash: hash, first_seen: now, last_seen: now })
      .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doNothing())
      .executeTakeFirst();
    // Two sign-ins of one new device at once: the one that added it tells. Only an address
    // its owner proved is told: anyone may sign up with a stranger's address and sign in
    // again and again from a client that keeps no cookie, each time a "new device", so an
    // unverified account's notice would be a free flood of mail (and SMS) to that stranger.
    if (
      other &&
      Number(added.numInsertedOrUpdatedRows ?? 0) > 0 &&
      Number(user.email_verified) === 1
    ) {
      await securityMail(trx, ctx, user.email, { kind: 'newSignIn' }, device.origin, now);
    }
  });
  device.remember(id);
}
