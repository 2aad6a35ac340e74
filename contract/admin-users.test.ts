import { describe, expect, it } from 'vitest';
import { BlockUserBody } from './forms';
import { ADMIN_USERS_MSG, BLOCK_REASON_MAX } from './messages/admin-users';

/** A block's reason (ADR 0078): required, at most BLOCK_REASON_MAX characters, each with its words. */
describe('BlockUserBody', () => {
  const messageOf = (body: unknown) => BlockUserBody.safeParse(body).error?.issues[0]?.message;

  it('asks why: no reason, or only spaces', () => {
    expect(messageOf({ id: 'usr_1' })).toBe(
      'Say why you are blocking this customer: the audit log keeps your reason.',
    );
    expect(messageOf({ id: 'usr_1', reason: '   ' })).toBe(ADMIN_USERS_MSG.blockReasonRequired);
  });

  it('refuses a reason past the limit, and keeps one at it, trimmed', () => {
    expect(messageOf({ id: 'usr_1', reason: 'x'.repeat(BLOCK_REASON_MAX + 1) })).toBe(
      'The reason can be at most 300 characters.',
    );
    const longest = 'x'.repeat(BLOCK_REASON_MAX);
    expect(BlockUserBody.parse({ id: 'usr_1', reason: ` ${longest} ` })).toEqual({
      id: 'usr_1',
      reason: longest,
    });
  });

  it('says a search that finds nobody, with what was searched', () => {
    expect(ADMIN_USERS_MSG.noCustomerMatches('0803 123 4567')).toBe(
      'No customer matches “0803 123 4567”.',
    );
  });
});
