import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { errorBody, HttpError } from './errors';
import { malformedMultipartMessage } from './input-guard';
import { storageProblem, STORAGE_PROBLEM_MESSAGES, STORAGE_PROBLEM_STATUS } from './storage-errors';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const ARTICLE_TYPES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty',
};

/** `/user/email` -> `user.email`; array indexes stay visible: `items.0.name`. */
function fieldPath(instancePath: string, child?: unknown): string {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (typeof child === 'string' && child) parts.push(child);
  return parts.join('.');
}

/** One human sentence per schema failure, naming the field: "user.email is required". */
export function describeValidationError(error: AjvError, context = 'body'): { field: string; message: string } {
  const p = error.params;
  if (error.keyword === 'required') {
    const field = fieldPath(error.instancePath, p.missingProperty);
    return { field, message: `${field} is required` };
  }
  if (error.keyword === 'additionalProperties') {
    const field = fieldPath(error.instancePath, p.additionalProperty);
    return { field, message: `${field} is not allowed` };
  }
  const field = fieldPath(error.instancePath) || context;
  const types = String(p.type ?? '').split(',');
  switch (error.keyword) {
    case 'type':
      return { field, message: `${field} must be ${types.map((t) => ARTICLE_TYPES[t] ?? t).join(' or ')}` };
    case 'minLength':
      return {
        field,
        message: p.limit === 1 ? `${field} can't be blank` : `${field} must be at least ${p.limit} characters`,
      };
    case 'maxLength':
      return { field, message: `${field} must be at most ${p.limit} characters` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { field, message: `${field} ${error.message}` };
    case 'minItems':
      return { field, message: `${field} must have at least ${p.limit} items` };
    case 'maxItems':
      return { field, message: `${field} must have at most ${p.limit} items` };
    case 'enum':
      return { field, message: `${field} must be one of: ${(p.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { field, message: `${field} must be ${JSON.stringify(p.allowedValue)}` };
    case 'format':
      return { field, message: `${field} must be a valid ${p.format}` };
    case 'pattern':
      return { field, message: `${field} has an invalid format` };
    default:
      return { field, message: `${field} ${error.message ?? 'is invalid'}` };
  }
}

/**
 * Every error leaves as `{ statusCode, error, message, code?, field? }`. Bad input is a 4xx with a
 * sentence a person can act on; anything unexpected is a 500 that is logged and leaks nothing.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(errorBody(err.statusCode, err.code, err.message, err.field));
    }
    if (err.validation) {
      const first = describeValidationError(err.validation[0] as unknown as AjvError, err.validationContext);
      return reply.code(400).send(errorBody(400, 'invalid', first.message, first.field));
    }
    const multipart = malformedMultipartMessage(err);
    if (multipart) return reply.code(400).send(errorBody(400, 'invalid_multipart', multipart));
    const status = err.statusCode ?? 500;
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (status === 400 && err instanceof SyntaxError)
    ) {
      return reply.code(400).send(errorBody(400, 'invalid_json', 'Request body is not valid JSON'));
    }
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(errorBody(413, 'too_large', 'Request is too large'));
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send(errorBody(415, 'unsupported_media_type', 'Unsupported content type'));
    }
    if (status >= 400 && status < 500) {
      // Framework and plugin 4xx errors (bad content length, multipart limits, ...) describe the request, not our internals.
      return reply.code(status).send(errorBody(status, err.code?.toLowerCase(), err.message));
    }
    if (isDatabaseUnavailable(err)) {
      // Down or restarting: a clear, retryable answer (no stack, no 500); the pool reconnects by itself.
      request.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody(503, 'database_unavailable', 'The database is not reachable. Try again in a moment.'));
    }
    const storage = storageProblem(err);
    if (storage) {
      request.log.error({ err }, 'storage cannot take the file');
      const code = storage === 'full' ? 'storage_full' : 'storage_unwritable';
      return reply
        .code(STORAGE_PROBLEM_STATUS[storage])
        .send(errorBody(STORAGE_PROBLEM_STATUS[storage], code, STORAGE_PROBLEM_MESSAGES[storage]));
    }
    request.log.error({ err }, 'unhandled error');
    // With logging off (tests, quiet production) an unexpected failure must still leave a trace.
    const level = (request.log as { level?: string }).level;
    if (level === undefined || level === 'silent')
      console.error(`Unhandled error on ${request.method} ${request.url}:`, err);
    return reply.code(500).send(errorBody(500, 'internal', 'Something went wrong'));
  });
}
