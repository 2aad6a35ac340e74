import { describe, expect, it } from 'vitest';
import { matchPlans, planKey, serviceWords } from './plan-match.ts';

const mtn = serviceWords('mtn-data', 'MTN', 'mtn');
const dstv = serviceWords('dstv', 'DStv');

describe('matching a provider list to our plans (ADR 0052)', () => {
  it('reads size, validity and the remaining words', () => {
    expect(planKey('1.5GB - 30 days', mtn)).toEqual({ size: 1500, days: 30, words: '' });
    expect(planKey('MTN 1.5 GB DATA BUNDLE - 30 DAYS', mtn)).toEqual({
      size: 1500,
      days: 30,
      words: '',
    });
    expect(planKey('MTN 200 MB DATA BUNDLE', mtn)).toEqual({ size: 200, days: null, words: '' });
    expect(planKey('MTN 1GB Monthly', mtn)).toEqual({ size: 1000, days: 30, words: '' });
    expect(planKey('DSTV COMPACT PLUS', dstv)).toEqual({
      size: null,
      days: null,
      words: 'compact plus',
    });
    expect(planKey('Showmax Mobile Only - 3 months', serviceWords('showmax'))).toMatchObject({
      days: 90,
      words: 'mobile only',
    });
  });

  it('same code first, then size and validity, then the bouquet name', () => {
    const ours = [
      { code: 'mtn-10mb-100', name: '100MB - 1 day' },
      { code: 'mtn-50mb-200', name: '200MB - 2 days' },
      { code: 'mtn-100mb-1000', name: '1.5GB - 30 days' },
      { code: 'mtn-3gb-1500', name: '3GB - 30 days' },
      { code: 'mtn-3gb-800', name: '3GB - 2 days' },
    ];
    const listed = [
      { code: 'mtn-10mb-100', name: 'anything at all' },
      { code: 'MD142', name: 'MTN 200 MB DATA BUNDLE' },
      { code: 'SIMIT-1', name: 'MTN 1.5 GB DATA BUNDLE - 30 DAYS' },
      { code: 'SIMIT-2', name: 'MTN 3 GB DATA BUNDLE - 2 DAYS' },
      { code: 'SIMIT-3', name: 'MTN 9 GB DATA BUNDLE - 30 DAYS' },
    ];
    // MD142 states no validity while our 200 MB plan states 2 days: left unmatched.
    expect(Object.fromEntries(matchPlans(ours, listed, mtn))).toEqual({
      'mtn-10mb-100': 'mtn-10mb-100',
      'SIMIT-1': 'mtn-100mb-1000',
      'SIMIT-2': 'mtn-3gb-800',
    });
    const tv = [
      { code: 'dstv79', name: 'DStv Compact' },
      { code: 'dstv7', name: 'DStv Compact Plus' },
    ];
    expect(
      Object.fromEntries(
        matchPlans(
          tv,
          [
            { code: 'CB177', name: 'DSTV COMPACT PLUS' },
            { code: 'CB178', name: 'DSTV Compact Bouquet' },
            { code: 'CB141', name: 'DSTV Payment' },
          ],
          dstv,
        ),
      ),
    ).toEqual({ CB177: 'dstv7', CB178: 'dstv79' });
  });

  it('a size matches only under the same validity, or where neither name states one', () => {
    const ours = [
      { code: 'mtn-100mb-1000', name: '1.5GB - 30 days' },
      { code: 'mtn-50mb-200', name: '200MB - 2 days' },
    ];
    // A 1-day 1.5 GB item named in Flutterwave's documented shape (`MTN 200 MB DATA BUNDLE`:
    // no validity) is not our only 1.5 GB plan (30 days): priced against it and sent on
    // failover, the customer would pay for 30 days and get 1.
    const oneDay = [{ code: 'D1', name: 'MTN 1.5 GB DATA BUNDLE' }];
    expect(matchPlans(ours, oneDay, mtn).size).toBe(0);
    // Nor when it says 1 day.
    expect(
      matchPlans(ours, [{ code: 'D1', name: 'MTN 1.5 GB DATA BUNDLE - 1 DAY' }], mtn).size,
    ).toBe(0);
    // …nor the other way round: our plan without one, the item with one.
    expect(
      matchPlans(
        [{ code: 'a', name: '1.5GB' }],
        [{ code: 'N', name: 'MTN 1.5 GB DATA BUNDLE - 30 DAYS' }],
        mtn,
      ).size,
    ).toBe(0);
    // The same validity, in other words (30 days = 1 month = monthly; 7 days = 1 week).
    expect(
      Object.fromEntries(
        matchPlans(
          [...ours, { code: 'w', name: '6GB - 7 days' }],
          [
            { code: 'M', name: 'MTN 1.5GB Monthly' },
            { code: 'T', name: 'MTN 200 MB DATA BUNDLE - 2 DAYS' },
            { code: 'W', name: 'MTN 6 GB - 1 week' },
          ],
          mtn,
        ),
      ),
    ).toEqual({ M: 'mtn-100mb-1000', T: 'mtn-50mb-200', W: 'w' });
    // Neither states one: TV bouquets (and a size alone on both sides) still match.
    expect(
      Object.fromEntries(
        matchPlans(
          [
            { code: 'dstv79', name: 'DStv Compact' },
            { code: 'dstv3', name: 'DStv Padi' },
          ],
          [
            { code: 'CB178', name: 'DSTV COMPACT' },
            { code: 'CB177', name: 'DSTV PADI' },
          ],
          dstv,
        ),
      ),
    ).toEqual({ CB178: 'dstv79', CB177: 'dstv3' });
    expect(
      Object.fromEntries(
        matchPlans([{ code: 'a', name: '2GB' }], [{ code: 'B', name: 'MTN 2 GB' }], mtn),
      ),
    ).toEqual({ B: 'a' });
  });

  it('never guesses: a name that fits two plans, or two names that fit one, match nothing', () => {
    const ours = [
      { code: 'a', name: '3GB - 30 days' },
      { code: 'b', name: '3GB - 2 days' },
    ];
    // A name that fits two of ours (the same size and validity, in other words): neither.
    expect(
      matchPlans(
        [...ours, { code: 'c', name: '3GB - 1 month' }],
        [{ code: 'X', name: 'MTN 3 GB - 30 DAYS' }],
        mtn,
      ).size,
    ).toBe(0);
    // Two listed plans fit our 30-day one.
    const two = [
      { code: 'X', name: 'MTN 3GB 30 days' },
      { code: 'Y', name: 'MTN 3 GB - 1 month' },
    ];
    expect(matchPlans(ours, two, mtn).size).toBe(0);
    // A code of ours is matched once only.
    expect(
      matchPlans([{ code: 'a', name: 'DStv Padi' }], [{ code: 'Z', name: '' }], dstv).size,
    ).toBe(0);
  });
});
