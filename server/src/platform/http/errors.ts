import { ERROR_STATUS, type ErrorType } from '@contract';

/** A refusal answered as `{ type, msg }` with the status of `type` (contract/errors.ts). */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly type: ErrorType,
    readonly msg: string,
  ) {
    super(msg);
    this.status = ERROR_STATUS[type];
  }
}

export const fail = (type: ErrorType, msg: string): never => {
  throw new ApiError(type, msg);
};
