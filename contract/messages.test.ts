import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FALLBACK, MSG, SERVER_MSG } from './messages';

/** Every message of the spec, typed from the spec (not copied from messages.ts). */
const SPEC_VALIDATION = [
  // §5
  'Please fill in your details.',
  'Please enter a vaild email address.',
  'Name must be more than 5 characters.',
  'Invalid Phone number.',
  'Password too short.', // shared by signup, reset password and change password
  'Passwords not equal', // shared likewise
  'Invalid email',
  'Invalid Email Address.',
  'Please enter  password.',
  'pin is required.',
  'You have entered an invalid pin.', // create pin and reset pin
  'Pin must be six(6) numbers.', // create pin and reset pin
  'Insufficient funds.', // every purchase screen, share, buy coupon
  'Pin Required.',
  'Minimum amount of ₦100 can be recharged.',
  'Invalid Phone Number or Amount.',
  'Please make sure all inputs are valid.',
  'Coupon code cannot be blank.',
  'Invalid account id.',
  'Invalid Phone Number',
  'Pin Required',
  'Invalid Decoder Number',
  'Invalid Pin', // cable, electricity, education
  'Minimum amount of ₦500 can be recharged.',
  'Amount cannot be empty.',
  'Meter number cannot be empty.',
  'Invalid Meter Number or amount',
  'Invalid Amount.',
  'Please enter a valid email.',
  'Invalid Secret Pin.',
  'Invalid Amount',
  'Please enter current password.', // change password and reset pin
  'Please enter your new password.',
  'Minimum amount of ₦200 can be recharged.',
  'Invalid Amount Entered.',
];

const SPEC_OTHER = [
  // §4 and §8
  'Your session has expired, please login again.',
  'Invalid coupon code supplied.',
  'Oops!! a problem occured while trying to connect.',
  'Oops!! a problem occured while trying to un-block the user.',
  'Oops!! a problem occured while trying to block the user.',
  'Oops!! a problem occured while trying to reset your secret pin.',
  'Oops!! your password cannot be changed at this moment.',
  'Oops! there has been an error.',
  'Oops!! there has been an error.',
  'opps! a problem occured.',
  'Opps, error processing your request.',
  'Funds Sent Successfully.',
  'Secret pin Changed Successfully.',
  'Password Changed Successfully.',
  'Your Email has been successfully verified.',
  // §2
  'Verifying Email...',
  'Page not found',
];

const SPEC_MESSAGES = [...SPEC_VALIDATION, ...SPEC_OTHER];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONTRACT = fileURLToPath(new URL('.', import.meta.url));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The literal as code spells it: inside quotes or backticks, or as JSX text (`>…<`).
 * Delimiters matter: 'Invalid Amount' is a prefix of 'Invalid Amount.' and 'Invalid Amount Entered.'.
 */
const spelled = (literal: string) =>
  new RegExp(`(['"\`]${escape(literal)}['"\`])|(>\\s*${escape(literal)}\\s*<)`, 'g');

/** Source text without comments (a JSDoc may quote a message it describes). */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts|html|mdx|json)$/;
const TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !TEST.test(name)) out.push(path);
  }
  return out;
}

describe('MSG and FALLBACK hold every spec message once', () => {
  const values: string[] = [...Object.values(MSG), ...Object.values(FALLBACK)];

  it('the spec lists are themselves free of duplicates', () => {
    expect(new Set(SPEC_MESSAGES).size).toBe(SPEC_MESSAGES.length);
  });

  it.each(SPEC_MESSAGES)('%j appears exactly once', (literal) => {
    expect(values.filter((v) => v === literal)).toHaveLength(1);
  });

  it('no two keys hold the same sentence', () => {
    const seen = new Map<string, number>();
    for (const v of values) seen.set(v, (seen.get(v) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([v]) => v)).toEqual([]);
  });

  it('FALLBACK holds exactly the §8 fallbacks', () => {
    expect(Object.values(FALLBACK).sort()).toEqual(
      SPEC_OTHER.filter((m) => /^(Oops|opps|Opps)/.test(m)).sort(),
    );
  });

  it('every message is a non-empty sentence without surrounding spaces', () => {
    for (const v of values) {
      expect(v.length).toBeGreaterThan(0);
      expect(v).toBe(v.trim());
    }
  });
});

describe('one place for each message string', () => {
  // contract/ and its area folders (endpoints/, forms/, entities/, messages/; ADR 0066).
  const contractSources = sourceFiles(CONTRACT);

  it('contract sources are found, area folders included', () => {
    const names = contractSources.map((f) => relative(CONTRACT, f));
    expect(names).toContain('messages/spec.ts');
    expect(names).toContain('forms/auth.ts');
  });

  it.each(SPEC_MESSAGES)('contract/ spells %j once (others refer to MSG)', (literal) => {
    const hits = contractSources.flatMap((f) =>
      [...code(f).matchAll(spelled(literal))].map(() => relative(ROOT, f)),
    );
    expect(hits).toEqual(['contract/messages/spec.ts']);
  });

  it('SERVER_MSG re-spells no spec sentence (it may point at MSG)', () => {
    const source = code(join(CONTRACT, 'messages', 'server.ts'));
    const serverBlock = source.slice(source.indexOf('export const SERVER_MSG'));
    const respelled = SPEC_MESSAGES.filter((m) => spelled(m).test(serverBlock));
    expect(respelled).toEqual([]);
    // Its sentences still reach the screen, so they must be strings or functions of strings.
    for (const v of Object.values(SERVER_MSG)) expect(['string', 'function']).toContain(typeof v);
  });

  const dirs = ['src', 'mocks', 'server'].map((d) => join(ROOT, d));
  const files = dirs.flatMap(sourceFiles);

  it('no spec message literal is spelled in src/, mocks/ or server/ (tests excepted)', () => {
    const found: string[] = [];
    for (const file of files) {
      const text = code(file);
      for (const literal of SPEC_MESSAGES) {
        if (spelled(literal).test(text)) found.push(`${relative(ROOT, file)}: ${literal}`);
      }
    }
    expect(found).toEqual([]);
  });
});
