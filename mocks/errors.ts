import { ERROR_STATUS, SERVER_MSG, type ApiErrorBody, type ErrorType } from '@contract';
import { HttpResponse } from 'msw';

/**
 * A refusal thrown from a mock resolver; `handle()` answers it as `{ type, msg }` with the
 * status the contract gives that type (contract/errors.ts), exactly as the server will.
 */
export class MockApiError extends Error {
  readonly status: number;

  constructor(
    readonly type: ErrorType,
    readonly msg: string,
    status?: number,
  ) {
    super(msg);
    this.name = 'MockApiError';
    this.status = status ?? ERROR_STATUS[type];
  }
}

export function errorResponse(status: number, body: ApiErrorBody): HttpResponse<ApiErrorBody> {
  return HttpResponse.json(body, { status });
}

export const serverError = (): HttpResponse<ApiErrorBody> =>
  errorResponse(500, { type: 'server_error', msg: SERVER_MSG.serverError });

export const notFound = (msg: string = SERVER_MSG.notFound) => new MockApiError('not_found', msg);
