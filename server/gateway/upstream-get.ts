import type { GatewayConfig } from './config.ts';
import { describeUpstreamFailure, type GatewayError } from './upstream-errors.ts';
import type { UpstreamTokens } from './upstream-token.ts';

export interface UpstreamGet {
  headers?: Record<string, string>;
  /** Ends the exchange early (the config's timeout applies anyway). */
  signal?: AbortSignal;
  /** An exchange that failed without an answer, before it is thrown as `failure`. */
  onFailure?(error: unknown, failure: GatewayError): void;
}

/**
 * GET from the upstream with the gateway's bearer token, redirects not followed. A 401 for a token the clock trusted
 * (revoked, upstream restarted…) renews it once and asks once more. Also returns the token sent, which the caller
 * keeps out of anything it passes back.
 */
export async function upstreamGet(
  config: GatewayConfig,
  tokens: UpstreamTokens,
  doFetch: typeof fetch,
  url: string,
  { headers = {}, signal, onFailure }: UpstreamGet = {},
): Promise<{ response: Response; token: string }> {
  const send = async (token: string) => {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    try {
      return await doFetch(url, {
        headers: { ...headers, authorization: `Bearer ${token}` },
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      const failure = describeUpstreamFailure(error, config);
      onFailure?.(error, failure);
      throw failure;
    }
  };
  let token = await tokens.current();
  let response = await send(token);
  if (response.status === 401) {
    await response.body?.cancel().catch(() => undefined);
    token = await tokens.renew(token);
    response = await send(token);
  }
  return { response, token };
}
