import { MSG, PIN_MAX_WRONG, SERVER_MSG, wrongPinMessage, type Kobo } from '@contract';
import { MINUTE, now } from '../clock';
import { MockApiError } from '../errors';
import type { UserRecord } from '../records';

/** Decisions §7: five wrong pins in a row lock purchases and transfers for 30 minutes. */
export const PIN_ATTEMPTS = PIN_MAX_WRONG;
export const PIN_LOCK_MINUTES = 30;

export function checkPin(user: UserRecord, pin: string): void {
  const lockedUntil = user.pin_locked_until ?? 0;
  if (lockedUntil > now()) {
    throw new MockApiError(
      'pin_locked',
      SERVER_MSG.pinLocked(Math.ceil((lockedUntil - now()) / MINUTE)),
    );
  }
  // No pin yet: the app sends the user to /auth/createpin (spec §4).
  if (user.pin === null) throw new MockApiError('conflict', SERVER_MSG.noPin);
  if (user.pin !== pin) {
    user.pin_failures += 1;
    if (user.pin_failures >= PIN_ATTEMPTS) {
      user.pin_failures = 0;
      user.pin_locked_until = now() + PIN_LOCK_MINUTES * MINUTE;
      throw new MockApiError('pin_locked', SERVER_MSG.pinLocked(PIN_LOCK_MINUTES));
    }
    throw new MockApiError('wrong_pin', wrongPinMessage(user.pin_failures));
  }
  user.pin_failures = 0;
  user.pin_locked_until = null;
}

/** Decisions §7: e-mail verified before the first purchase or transfer. */
export function assertCanSpend(user: UserRecord): void {
  if (!user.email_verified)
    throw new MockApiError('email_not_verified', SERVER_MSG.emailNotVerified);
}

/** The conditional debit of decisions §4: never below zero. Returns the balance before. */
export function debit(user: UserRecord, amount: Kobo): Kobo {
  if (amount > user.wallet_balance)
    throw new MockApiError('insufficient_funds', MSG.insufficientFunds);
  const before = user.wallet_balance;
  user.wallet_balance -= amount;
  return before;
}

export function credit(user: UserRecord, amount: Kobo): Kobo {
  const before = user.wallet_balance;
  user.wallet_balance += amount;
  return before;
}
