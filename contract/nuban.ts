/**
 * The Nigeria Uniform Bank Account Number (NUBAN) check digit, as the CBN's NUBAN scheme
 * defines it: a 10-digit account number is a 9-digit serial and a check digit computed over the
 * bank's code and the serial. Pure and shared: the withdrawal screen suggests the banks an
 * account number can belong to, and anything else (mocks, server) may ask the same.
 *
 * The rule (CBN, "Proposals on the implementation of NUBAN scheme", version 0.4, 2010, §2a:
 * https://www.cbn.gov.ng/OUT/2011/CIRCULARS/BSPD/NUBAN%20PROPOSALS%20V%200%204-%2003%2009%202010.PDF,
 * worked examples reproduced at https://digitaleta.com/2011/06/01/how-to-calculate-the-check-digit-of-your-nigerian-uniform-bank-account-code-nuban/):
 * multiply the 3-digit bank code and the 9-digit serial, digit by digit, by
 * 3,7,3,3,7,3,3,7,3,3,7,3; take the sum modulo 10; the check digit is 10 minus that, and 0 when
 * it is 10. Newer institutions (microfinance banks, mobile-money operators) have 6-digit codes:
 * the same weights repeat over the 6-digit code and the serial (15 digits), and a 3-digit code
 * is the 6-digit "000" + code, so both agree (its leading zeros weigh nothing).
 *
 * A check digit only says an account number *can* belong to a bank: many banks pass for one
 * number (about one in ten by chance), and some providers' codes are not CBN codes at all. So
 * the screen only suggests; the account name the provider resolves is what the customer checks.
 */

export const NUBAN_LENGTH = 10;
const SERIAL_LENGTH = NUBAN_LENGTH - 1;

/** 3, 7, 3 repeated: the weights of the 6-digit code and the 9-digit serial, in order. */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

const DIGITS = /^\d+$/;

/**
 * A bank code as the 6 digits the check digit weighs: a 3-digit CBN code gets "000" in front
 * (the revised scheme's own padding), a 5-digit one "9", a 6-digit one stays. Anything else
 * (empty, letters, another length) has no NUBAN code: undefined.
 */
export function nubanBankCode(code: string): string | undefined {
  const trimmed = code.trim();
  if (!DIGITS.test(trimmed)) return undefined;
  if (trimmed.length === 3) return `000${trimmed}`;
  if (trimmed.length === 5) return `9${trimmed}`;
  if (trimmed.length === 6) return trimmed;
  return undefined;
}

/**
 * The check digit of a 9-digit `serial` at the bank with `bankCode` (3, 5 or 6 digits), or
 * undefined when either is not of that form.
 */
export function nubanCheckDigit(bankCode: string, serial: string): number | undefined {
  const code = nubanBankCode(bankCode);
  if (code === undefined || serial.length !== SERIAL_LENGTH || !DIGITS.test(serial)) {
    return undefined;
  }
  const digits = `${code}${serial}`;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i += 1) sum += Number(digits[i]) * WEIGHTS[i]!;
  const check = 10 - (sum % 10);
  return check === 10 ? 0 : check;
}

/** Whether `accountNumber` (10 digits) passes the NUBAN check for the bank with `bankCode`. */
export function isNubanFor(accountNumber: string, bankCode: string): boolean {
  if (accountNumber.length !== NUBAN_LENGTH || !DIGITS.test(accountNumber)) return false;
  const check = nubanCheckDigit(bankCode, accountNumber.slice(0, SERIAL_LENGTH));
  return check !== undefined && check === Number(accountNumber[SERIAL_LENGTH]);
}

/**
 * The banks of `banks` (in their order) whose code the 10-digit `accountNumber` passes the
 * check for; none until the number has 10 digits. Suggestions only (see above).
 */
export function suggestBanks<B extends { code: string }>(
  accountNumber: string,
  banks: readonly B[],
): B[] {
  if (accountNumber.length !== NUBAN_LENGTH || !DIGITS.test(accountNumber)) return [];
  return banks.filter((bank) => isNubanFor(accountNumber, bank.code));
}
