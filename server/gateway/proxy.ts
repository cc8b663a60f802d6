import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { redactUrl, splitTarget } from '../logging.ts';
import { answerOf, forwardTarget } from './paths.ts';
import type { UpstreamClient } from './upstream-client.ts';

/** GET handler for the interface's routes: an allowed path, asked and relayed through the one upstream client. */
export function proxyHandler(client: UpstreamClient) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const rawUrl = request.raw.url ?? request.url;
    const target = forwardTarget(rawUrl);
    if (!target)
      throw new ApiError(
        404,
        'not_found',
        `${redactUrl(splitTarget(rawUrl).path).slice(0, 200)} is not a route of the interface this gateway forwards.`,
      );
    const answer = await client.get(request, target, { forwardHeaders: true, reply });
    return client.relay(request, reply, answer, { ...answerOf(target.path), what: target.path });
  };
}
