import { FALLBACK, MSG } from '@contract';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api-error';

describe('ApiError', () => {
  it('reads { type, msg } bodies with the contract schema', () => {
    expect(
      ApiError.fromResponse(422, { type: 'insufficient_funds', msg: MSG.insufficientFunds }),
    ).toMatchObject({
      status: 422,
      type: 'insufficient_funds',
      msg: 'Insufficient funds.',
      session: 'kept',
      isAborted: false,
    });
  });

  it('anything else is bad_response with no msg', () => {
    expect(ApiError.fromResponse(500, { error: 'boom' })).toMatchObject({
      status: 500,
      type: 'bad_response',
      msg: '',
    });
    expect(ApiError.network()).toMatchObject({ status: 0, type: 'network', msg: '' });
    expect(ApiError.aborted().isAborted).toBe(true);
  });
});

describe('errorMessage (spec §8)', () => {
  const refusal = new ApiError({
    status: 422,
    type: 'wrong_pin',
    msg: 'Incorrect transaction pin.',
  });

  it("shows the server's msg, else the screen's fallback word for word", () => {
    expect(errorMessage(refusal, FALLBACK.purchase)).toBe('Incorrect transaction pin.');
    expect(
      errorMessage(
        new ApiError({ status: 500, type: 'server_error', msg: '  ' }),
        FALLBACK.generic,
      ),
    ).toBe('Oops! there has been an error.');
    expect(errorMessage(ApiError.network(), FALLBACK.couponVerify)).toBe(
      'Opps, error processing your request.',
    );
    expect(errorMessage(new Error('bug'), FALLBACK.auth)).toBe('opps! a problem occured.');
  });

  it("'' when there is nothing to show: no error, a superseded call, a silent sign-out", () => {
    expect(errorMessage(undefined, FALLBACK.generic)).toBe('');
    expect(errorMessage(ApiError.aborted(), FALLBACK.generic)).toBe('');
    expect(errorMessage(refusal.withSession('cleared'), FALLBACK.generic)).toBe('');
  });

  it('the expiry notice after an expired session', () => {
    expect(errorMessage(refusal.withSession('expired'), FALLBACK.generic)).toBe(MSG.sessionExpired);
  });
});
