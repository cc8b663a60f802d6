import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Static, Type } from '@sinclair/typebox';
import { redactUrl, splitTarget } from './logging.ts';
import { isSharedStateFailure, SHARED_STATE_MESSAGE } from './shared-state.ts';

/** An error that the service answers with its status and the error envelope. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new ApiError(400, code, message);
export const unprocessable = (message: string, code = 'unprocessable') => new ApiError(422, code, message);
export const forbidden = (message: string, code = 'forbidden') => new ApiError(403, code, message);
export const notFound = (message: string, code = 'not_found') => new ApiError(404, code, message);
export const unavailable = (message: string, code = 'unavailable') =>
  new ApiError(503, code, message, { 'retry-after': '1' });
export const unauthorized = (message: string, code = 'unauthorized') =>
  new ApiError(401, code, message, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });

/** Every 4xx/5xx answer's body; `x-correlation-id` is also the answer's header of that name. */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.String({ description: 'a short code, e.g. invalid_wkt' }),
    message: Type.String({ description: 'what went wrong, for people' }),
    status_code: Type.Integer({ minimum: 400, maximum: 599 }),
    'x-correlation-id': Type.String(),
  },
  { additionalProperties: false },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** The error answers of a route's response schema. */
export const errorResponses = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

export function envelope(request: FastifyRequest, statusCode: number, code: string, message: string): ErrorEnvelope {
  return { error: code, message, status_code: statusCode, 'x-correlation-id': request.id };
}

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = error.validationContext ?? 'request';
  const path = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  const extra = (first.params as { additionalProperty?: string }).additionalProperty;
  if (missing) return `${where}: "${missing}" is required`;
  if (extra) return `${where}: "${extra}" is not allowed`;
  return `${where}${path ? ` "${path}"` : ''} ${first.message ?? 'is invalid'}`;
}

/** The one place that turns any failure into the error envelope. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return reply.status(error.statusCode).send(envelope(request, error.statusCode, error.code, error.message));
    }
    if (error.validation) {
      return reply.status(400).send(envelope(request, 400, 'invalid_parameter', describeValidation(error)));
    }
    if (isSharedStateFailure(error)) {
      request.log.error({ err: error.message }, 'shared state (Redis) unreachable: request refused');
      reply.header('retry-after', '1');
      return reply.status(503).send(envelope(request, 503, 'shared_state_unavailable', SHARED_STATE_MESSAGE));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupported_media_type'
          : error.code?.startsWith('FST_ERR_CTP')
            ? 'invalid_body'
            : 'bad_request';
      return reply.status(status).send(envelope(request, status, code, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(envelope(request, 500, 'internal_error', 'The service failed to answer this request.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        envelope(
          request,
          404,
          'not_found',
          `No route for ${request.method} ${redactUrl(splitTarget(request.url).path)}`,
        ),
      );
  });
}
