import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '../../core/common/error-body';

/**
 * The error a route throws to answer with a 4xx. The error handler turns it into
 * `{ statusCode, error, message, code, field }`; `message` is shown to people, `code` is for code.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function httpError(statusCode: number, code: string, message: string, field?: string): HttpError {
  return new HttpError(statusCode, code, message, field);
}

export type { ErrorBody };

export function errorBody(statusCode: number, code: string | undefined, message: string, field?: string): ErrorBody {
  const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (code) body.code = code;
  if (field) body.field = field;
  return body;
}
