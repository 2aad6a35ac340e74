import { describe, expect, it } from 'vitest';
import {
  bearerItems,
  bearerItemsOf,
  maskBearer,
  maskBearerField,
  REVEAL_MSG,
  REVEAL_REASON_MAX,
} from './bearer-secrets';
import { RevealBody } from './endpoints/admin/transactions';
import { adminCan, adminMayCall, roleCan, ROLE_PERMISSIONS } from './roles';
import { SetAdminGrantBody } from './two-factor';

/** Bearer secrets (ADR 0071): masked for admins, revealed with a reason. */
describe('masking a coupon code, a token or pins', () => {
  it.each([
    // A coupon code keeps its product (no secret) and shows the last four of its random part.
    ['K7MX2QD-P9RTW4H-AIRTIME', '••••TW4H-AIRTIME'],
    ['K7MX2QD-P9RTW4H-DATA-NON-REGULAR', '••••TW4H-DATA-NON-REGULAR'],
    // A token: its last four digits, whatever the spaces, dashes or label.
    ['4213 4556 7788 9900 1122', '••••1122'],
    ['Token: 4213-4556-7788-9900-1122', '••••1122'],
    // A WAEC card: the pin's last four.
    ['Serial: WRN182736455, Pin: 123456789012', '••••9012'],
    // Too short to give four away: nothing shown.
    ['Pin: 1234567890', '••••'],
    ['12345678901', '••••'],
  ])('%s → %s', (value, masked) => {
    expect(maskBearer(value)).toBe(masked);
    expect(masked).not.toContain(value);
  });

  it('splits a field into its items and masks each', () => {
    const pins = 'Serial: WRN182736455, Pin: 123456789012; Serial: WRN182736456, Pin: 210987654321';
    expect(bearerItems(pins)).toHaveLength(2);
    expect(maskBearerField(pins)).toBe('••••9012; ••••4321');
    expect(
      bearerItemsOf({ token: '4213 4556 7788 9900 1122', purchased_code: pins, coupon_code: '' }),
    ).toEqual([
      { field: 'token', item: 0, masked: '••••1122' },
      { field: 'purchased_code', item: 0, masked: '••••9012' },
      { field: 'purchased_code', item: 1, masked: '••••4321' },
    ]);
    expect(bearerItemsOf({})).toEqual([]);
  });
});

describe('the reveal body', () => {
  const reason = 'The customer says the token did not load.';
  it.each([
    [{ field: 'token' }, REVEAL_MSG.reasonRequired],
    [{ field: 'token', reason: '' }, REVEAL_MSG.reasonRequired],
    [{ field: 'token', reason: '    ' }, REVEAL_MSG.reasonRequired],
    [{ field: 'token', reason: 'checking' }, REVEAL_MSG.reasonTooShort],
    [{ field: 'token', reason: 'x'.repeat(REVEAL_REASON_MAX + 1) }, REVEAL_MSG.reasonTooLong],
    [{ reason }, REVEAL_MSG.fieldInvalid],
    [{ field: 'pin', reason }, REVEAL_MSG.fieldInvalid],
    [{ field: 'token', item: -1, reason }, REVEAL_MSG.fieldInvalid],
    [{ field: 'token', item: 1.5, reason }, REVEAL_MSG.fieldInvalid],
  ])('%j: %s', (body, message) => {
    const result = RevealBody.safeParse(body);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('takes one item, the first by default, and a trimmed reason', () => {
    expect(RevealBody.parse({ field: 'coupon_code', reason: `  ${reason}  ` })).toEqual({
      field: 'coupon_code',
      item: 0,
      reason,
    });
    expect(RevealBody.parse({ field: 'purchased_code', item: 3, reason }).item).toBe(3);
  });
});

describe('who may reveal', () => {
  it('owners by their role; support only by a grant; no other role, even granted', () => {
    expect(ROLE_PERMISSIONS.owner).toContain('secrets.reveal');
    expect(roleCan('support', 'secrets.reveal')).toBe(false);
    expect(adminCan('owner', [], 'secrets.reveal')).toBe(true);
    expect(adminCan('support', [], 'secrets.reveal')).toBe(false);
    expect(adminCan('support', ['secrets.reveal'], 'secrets.reveal')).toBe(true);
    expect(adminCan('finance', ['secrets.reveal'], 'secrets.reveal')).toBe(false);
    expect(adminCan('pricing', ['secrets.reveal'], 'secrets.reveal')).toBe(false);
    // A grant gives nothing else.
    expect(adminCan('support', ['secrets.reveal', 'payments'], 'payments')).toBe(false);
    expect(adminMayCall('support', ['secrets.reveal'], 'transactions.revealSecret')).toBe(true);
    expect(adminMayCall('support', ['secrets.reveal'], 'admin.setAdminGrant')).toBe(false);
    expect(adminMayCall(null, ['secrets.reveal'], 'transactions.revealSecret')).toBe(false);
  });
});

describe('the grant body', () => {
  it.each([
    [{ permission: 'secrets.reveal', granted: true }, 'Choose an admin.'],
    [{ user_id: ' ', permission: 'secrets.reveal', granted: true }, 'Choose an admin.'],
    [{ user_id: 'u1', permission: 'payments', granted: true }, 'Choose what to grant.'],
    [{ user_id: 'u1', permission: 'secrets.reveal' }, 'Say whether to grant it or take it back.'],
  ])('%j: %s', (body, message) => {
    expect(SetAdminGrantBody.safeParse(body).error?.issues[0]?.message).toBe(message);
  });
});
