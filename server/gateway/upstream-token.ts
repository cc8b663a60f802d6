import { isRefreshDue, type IssuedToken } from '../../core/wire/token-refresh.ts';
import { type GatewayConfig, MAX_ERROR_BYTES } from './config.ts';
import { readBody, readHead, startExchange } from './upstream-exchange.ts';
import { GatewayError, relayableCorrelationId, secretFinder } from './upstream-errors.ts';

export interface UpstreamTokens {
  /** A token valid now: the held one, or a fresh one when the refresh rule says so. */
  current(): Promise<string>;
  /** After `rejected` got a 401 upstream: a fresh token (shared with anyone else renewing the same one). */
  renew(rejected: string): Promise<string>;
}

export interface UpstreamTokenOptions {
  now?: () => number;
  fetch?: typeof fetch;
}

/**
 * The gateway's upstream bearer token. Only this module sees the client secret and the token; one
 * token request is in flight however many requests wait for it.
 */
export function upstreamTokens(config: GatewayConfig, options: UpstreamTokenOptions = {}): UpstreamTokens {
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  let held: IssuedToken | null = null;
  let inFlight: Promise<IssuedToken> | null = null;

  async function requestToken(): Promise<IssuedToken> {
    const issuedAt = now();
    const url = `${config.upstreamUrl}/oauth/token`;
    const exchange = await startExchange(
      config,
      doFetch,
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          audience: config.audience,
          grant_type: 'client_credentials',
        }),
      },
      { during: 'while requesting its token' },
    );
    const { response } = exchange;
    if (!response.ok) {
      const head = (await readHead(exchange, config, MAX_ERROR_BYTES)).toString('utf8');
      const carries = secretFinder([config.clientSecret]);
      let id = relayableCorrelationId(response.headers.get('x-correlation-id'), carries);
      try {
        id ??= relayableCorrelationId((JSON.parse(head) as Record<string, unknown>)['x-correlation-id'], carries);
      } catch {
        // Not JSON: no id of the body's.
      }
      // Never the upstream's 401 as such: to the browser a 401 means its own session ended. Nor the upstream's text:
      // this answer may go to a tile key's holder; the status and correlation id are what an operator needs.
      throw new GatewayError(
        502,
        'upstream_auth_failed',
        `The gateway could not obtain a token from the upstream service (HTTP ${response.status}). ` +
          'Check UPSTREAM_CLIENT_ID, UPSTREAM_CLIENT_SECRET and UPSTREAM_AUDIENCE.',
        id,
      );
    }
    let body: Record<string, unknown>;
    try {
      const text = await readBody(exchange, config, { maxBytes: MAX_ERROR_BYTES, what: 'token answer' });
      body = JSON.parse(text.toString('utf8')) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      throw new GatewayError(
        502,
        'upstream_auth_failed',
        'The upstream token endpoint answered with something that is not JSON.',
      );
    }
    const value = body.access_token;
    const expiresIn = Number(body.expires_in);
    if (typeof value !== 'string' || value === '' || !Number.isFinite(expiresIn) || expiresIn <= 0) {
      throw new GatewayError(
        502,
        'upstream_auth_failed',
        'The upstream token endpoint answered without access_token and expires_in.',
      );
    }
    return { value, issuedAt, expiresIn };
  }

  function refresh(): Promise<IssuedToken> {
    inFlight ??= requestToken()
      .then((token) => {
        held = token;
        return token;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return {
    async current() {
      if (held && !isRefreshDue(held, now())) return held.value;
      return (await refresh()).value;
    },
    async renew(rejected) {
      if (held && held.value !== rejected) return held.value;
      return (await refresh()).value;
    },
  };
}
