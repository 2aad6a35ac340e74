import { ApiErrorSchema, MSG, type ErrorType } from '@contract';

/**
 * The one error every API call rejects with (decisions §3): the server's `{ type, msg }`
 * with its HTTP status, or a failure that never got such an answer.
 */

/** Failures the client names itself: no answer, a superseded call, an answer it cannot read. */
export type ClientErrorType = 'network' | 'aborted' | 'bad_response';

/**
 * What the failed call did to the session (spec §4, §8; decisions §3): `cleared` after a 401
 * on a protected call (silent), `expired` after a 403 `token_expired` that could not be renewed.
 */
export type SessionEffect = 'kept' | 'cleared' | 'expired';

export class ApiError extends Error {
  /** HTTP status; 0 when no answer arrived (network failure, aborted). */
  readonly status: number;
  /** The server's machine code (contract ERROR_STATUS), or one of the client's own. */
  readonly type: ErrorType | ClientErrorType | (string & {});
  /** The server's sentence for people; '' when it sent none. */
  readonly msg: string;
  readonly session: SessionEffect;

  constructor(init: {
    status: number;
    type: ApiError['type'];
    msg?: string;
    session?: SessionEffect;
    cause?: unknown;
  }) {
    super(init.msg || `${init.type} (${init.status})`, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.type = init.type;
    this.msg = init.msg ?? '';
    this.session = init.session ?? 'kept';
  }

  /**
   * True when the call was cancelled: by its caller's signal, or in favour of an identical
   * later call (spec §7). Nothing failed, so screens show nothing for it.
   */
  get isAborted(): boolean {
    return this.type === 'aborted';
  }

  /** From a non-2xx answer: `{ type, msg }` when the body has that shape, else `bad_response`. */
  static fromResponse(status: number, body: unknown): ApiError {
    const parsed = ApiErrorSchema.safeParse(body);
    return parsed.success
      ? new ApiError({ status, type: parsed.data.type, msg: parsed.data.msg })
      : new ApiError({ status, type: 'bad_response', cause: body });
  }

  /** No answer: offline, DNS, CORS, connection reset. */
  static network(cause?: unknown): ApiError {
    return new ApiError({ status: 0, type: 'network', cause });
  }

  static aborted(): ApiError {
    return new ApiError({ status: 0, type: 'aborted' });
  }

  /** A 2xx answer that is not JSON or does not match the contract's response schema. */
  static badResponse(status: number, cause?: unknown): ApiError {
    return new ApiError({ status, type: 'bad_response', cause });
  }

  /** The same error, recording what the client did to the session. */
  withSession(session: SessionEffect): ApiError {
    return new ApiError({
      status: this.status,
      type: this.type,
      msg: this.msg,
      session,
      cause: this.cause,
    });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The sentence a screen shows for a failed call (spec §8): the server's `msg` when it sent
 * one, else the screen's `fallback` (a FALLBACK entry) word for word. '' after a 401 that
 * ended the session (cleared silently) and for a superseded call; MSG.sessionExpired after an
 * expired session. A 401 from a public call (a wrong password at login) shows its `msg`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return error == null ? '' : fallback;
  if (error.isAborted || error.session === 'cleared') return '';
  if (error.session === 'expired') return MSG.sessionExpired;
  return error.msg.trim() ? error.msg : fallback;
}
