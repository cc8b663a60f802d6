import type { GatewayConfig } from './config.ts';
import { discard, type Exchange, startExchange } from './upstream-exchange.ts';
import type { GatewayError } from './upstream-errors.ts';
import type { UpstreamTokens } from './upstream-token.ts';

export interface UpstreamGet {
  headers?: Record<string, string>;
  /** The asker going away ends the exchange (the config's limits apply anyway). */
  asker?: AbortSignal;
  /** An exchange that failed without an answer, before it is thrown. */
  onFailure?(failure: GatewayError): void;
}

/** An upstream answer, and the token it was asked with (kept out of anything passed back). */
export interface UpstreamAnswer extends Exchange {
  token: string;
}

/**
 * GET from the upstream with the gateway's bearer token, redirects not followed, within the exchange's limits
 * (upstream-exchange.ts). A 401 for a token the clock trusted (revoked, upstream restarted…) renews it once and asks
 * once more.
 */
export async function upstreamGet(
  config: GatewayConfig,
  tokens: UpstreamTokens,
  doFetch: typeof fetch,
  url: string,
  { headers = {}, asker, onFailure }: UpstreamGet = {},
): Promise<UpstreamAnswer> {
  const send = async (token: string): Promise<UpstreamAnswer> => {
    try {
      const exchange = await startExchange(
        config,
        doFetch,
        url,
        { headers: { ...headers, authorization: `Bearer ${token}` } },
        { asker },
      );
      return Object.assign(exchange, { token });
    } catch (error) {
      onFailure?.(error as GatewayError);
      throw error;
    }
  };
  let answer = await send(await tokens.current());
  if (answer.response.status === 401) {
    discard(answer);
    answer = await send(await tokens.renew(answer.token));
  }
  return answer;
}
