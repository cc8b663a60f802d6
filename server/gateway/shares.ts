import type { FastifyRequest } from 'fastify';

/**
 * Who a request is, for what they may spend: an SSO user by name; anyone else by address — every session signed in
 * from one address together (and the address itself on an open gateway), so that signing in again adds no share.
 * Behind a proxy (GATEWAY_TRUST_PROXY) the address is the client's the proxy names.
 */
export function personOf(request: FastifyRequest): string {
  const user = request.gatewayUser;
  return user?.startsWith('user:') ? user : `address:${request.ip}`;
}

/**
 * Whose share of the upstream budget a request spends: a tile key's maker's (the person who made it), else the
 * asker's.
 */
export function shareOf(request: FastifyRequest): string {
  const key = request.tileKey;
  if (key) return key.madeBy ?? `owner:${key.owner}`;
  return personOf(request);
}
