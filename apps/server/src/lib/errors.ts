import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { englishValidationMessage, type ErrorCode, type FieldError, type Problem } from '@app/shared';

/** The one error type services throw; the handler below turns it into problem+json. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', 404, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('forbidden', 403, message);
export const unauthenticated = () => new AppError('unauthenticated', 401, 'Please sign in');
export const badRequest = (message: string, errors?: FieldError[]) => new AppError('validation', 400, message, errors);

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

const codeByStatus: Record<number, ErrorCode> = {
  400: 'validation',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export function sendProblem(reply: FastifyReply, problem: Omit<Problem, 'type' | 'title'> & { title?: string }) {
  const body: Problem = {
    type: `/problems/${problem.code}`,
    title: problem.title ?? titles[problem.status] ?? 'Error',
    ...problem,
  };
  return reply.code(problem.status).type('application/problem+json').send(body);
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || '_';
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: unknown;
}

/** One error per field (the first rule it broke), in English with its translation key. */
export function fieldErrors(validation: readonly ValidationIssue[]): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const v of validation) {
    const issuePath = (v.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
    const where = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const field = issuePath ? fieldPath(issuePath) : where || '_';
    if (byField.has(field)) continue;
    const raw = v.message ?? 'Invalid value';
    byField.set(field, { field, message: englishValidationMessage(raw), ...(raw.startsWith('validation.') ? { key: raw } : {}) });
  }
  return [...byField.values()];
}

/** One handler for every error under /api, so every failure answers the same problem body. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return sendProblem(reply, { status: err.status, code: err.code, detail: err.message, errors: err.errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return sendProblem(reply, { status: 400, code: 'validation', detail: 'Some fields are not valid', errors: fieldErrors(err.validation) });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, reqId: req.id }, 'response did not match its schema');
      return sendProblem(reply, { status: 500, code: 'internal', detail: `Something went wrong (request ${req.id})` });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      const code = codeByStatus[status] ?? 'validation';
      return sendProblem(reply, { status, code, detail: err.message });
    }
    req.log.error({ err, reqId: req.id }, 'unexpected error');
    return sendProblem(reply, { status: 500, code: 'internal', detail: `Something went wrong (request ${req.id})` });
  });

}
