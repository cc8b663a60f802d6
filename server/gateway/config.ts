import { DEFAULT_AUDIENCE } from '../config.ts';

/** How the gateway decides who may use it. Any configured guard admits a request. */
export interface GatewayGuard {
  /** A shared access key, exchanged at POST /gateway/session for a signed session cookie. */
  accessKey?: string;
  /** A request header set by an SSO proxy in front of the gateway (e.g. "x-forwarded-user"); lower case. */
  trustHeader?: string;
  /** No guard at all: local use only, and only with an explicit --gateway-open. */
  open: boolean;
}

export interface GatewayConfig {
  /** Absolute base URL of the upstream deployment, without a trailing slash (may hold a path prefix). */
  upstreamUrl: string;
  clientId: string;
  clientSecret: string;
  audience: string;
  /** Time allowed for one upstream exchange (token or resource), in ms. */
  timeoutMs: number;
  /**
   * Further URL prefixes the upstream uses for itself in its answers (e.g. a separate tile host); rewritten like
   * upstreamUrl.
   */
  rewriteOrigins: string[];
  /** The gateway's own externally visible base URL; derived from each request when unset. */
  publicUrl?: string;
  guard: GatewayGuard;
  /** Session cookie lifetime in seconds. */
  sessionTtl: number;
  /** HMAC key for session cookies; random at each start when unset (sessions then end with the process). */
  sessionSecret?: string;
  /** POST /gateway/session attempts a minute per address. */
  sessionRateLimit: number;
  /**
   * Forwarded requests a minute per session (or SSO user, or address when open), so that one user cannot
   * spend the upstream budget the whole team shares; 0 turns it off.
   */
  userRateLimit: number;
  /** Tile keys one session (or SSO user) may make a minute; 0 turns it off. */
  keyCreationRateLimit: number;
  /** WMTS capabilities documents the keys of one session may be asked for a minute; 0 turns it off. */
  documentRateLimit: number;
  /** Largest JSON answer the gateway buffers to rewrite URLs, in bytes. */
  maxJsonBytes: number;
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 15_000;
export const DEFAULT_SESSION_TTL = 8 * 3600;
/** A third of the reference service's default budget per credential (SERVICE_RATE_LIMIT, 6,000). */
export const DEFAULT_USER_RATE_LIMIT = 2000;
/** Keys a minute per session: plenty for a person, few for a script making keys to spend the upstream's budget. */
export const DEFAULT_KEY_RATE_LIMIT = 30;
/** WMTS documents a minute per session's keys (a desktop GIS asks once when it connects). */
export const DEFAULT_WMTS_RATE_LIMIT = 30;

/** The upstream base URL as given, checked: http(s), no credentials, query or fragment. */
export function parseUpstreamUrl(value: string, name = 'upstream URL'): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must use http or https, got "${url.protocol}"`);
  if (url.username || url.password)
    throw new Error(`${name} must not carry credentials; use UPSTREAM_CLIENT_ID and UPSTREAM_CLIENT_SECRET`);
  if (url.search || url.hash) throw new Error(`${name} must not have a query or fragment`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function positiveInt(value: string | undefined, name: string, fallback: number, allowZero = false): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || (n === 0 && !allowZero))
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

export interface GatewayOptions {
  upstream?: string;
  /** --gateway-open */
  open?: boolean;
}

/**
 * The gateway's configuration from the environment (UPSTREAM_*, GATEWAY_*) and the command line.
 * Throws with a message an operator can act on when something required is missing, including the
 * refusal to run as an open proxy without an explicit --gateway-open.
 */
export function gatewayConfigFromEnv(
  env: NodeJS.ProcessEnv,
  options: GatewayOptions = {},
  overrides: Partial<GatewayConfig> = {},
): GatewayConfig {
  const upstream = options.upstream ?? env.UPSTREAM_URL;
  if (!upstream) throw new Error('The gateway needs --upstream URL or UPSTREAM_URL');
  const clientId = env.UPSTREAM_CLIENT_ID ?? '';
  const clientSecret = env.UPSTREAM_CLIENT_SECRET ?? '';
  if (!clientId || !clientSecret)
    throw new Error('The gateway needs UPSTREAM_CLIENT_ID and UPSTREAM_CLIENT_SECRET in its environment');
  const accessKey = env.GATEWAY_ACCESS_KEY || undefined;
  if (accessKey !== undefined && accessKey.length < 12)
    throw new Error('GATEWAY_ACCESS_KEY must be at least 12 characters long');
  const trustHeader = env.GATEWAY_TRUST_HEADER?.trim().toLowerCase() || undefined;
  if (trustHeader !== undefined && !/^[a-z0-9-]+$/.test(trustHeader))
    throw new Error(`GATEWAY_TRUST_HEADER must be a header name, got "${trustHeader}"`);
  if (trustHeader === 'authorization' || trustHeader === 'cookie')
    throw new Error(`GATEWAY_TRUST_HEADER cannot be "${trustHeader}"`);
  const open = options.open === true;
  if (!accessKey && !trustHeader && !open) {
    throw new Error(
      'Refusing to start an open gateway: set GATEWAY_ACCESS_KEY (a shared key for the team) or GATEWAY_TRUST_HEADER ' +
        '(a header set by your SSO proxy), or pass --gateway-open for local use only.',
    );
  }
  const publicUrl = env.PUBLIC_URL ? parseUpstreamUrl(env.PUBLIC_URL, 'PUBLIC_URL') : undefined;
  return {
    upstreamUrl: parseUpstreamUrl(upstream),
    clientId,
    clientSecret,
    audience: env.UPSTREAM_AUDIENCE || DEFAULT_AUDIENCE,
    timeoutMs: positiveInt(env.UPSTREAM_TIMEOUT_MS, 'UPSTREAM_TIMEOUT_MS', DEFAULT_UPSTREAM_TIMEOUT_MS),
    rewriteOrigins: (env.UPSTREAM_REWRITE_URLS ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((u) => parseUpstreamUrl(u, 'UPSTREAM_REWRITE_URLS')),
    publicUrl,
    guard: { accessKey, trustHeader, open },
    sessionTtl: positiveInt(env.GATEWAY_SESSION_TTL, 'GATEWAY_SESSION_TTL', DEFAULT_SESSION_TTL),
    sessionSecret: env.GATEWAY_SESSION_SECRET || undefined,
    sessionRateLimit: positiveInt(env.GATEWAY_SESSION_RATE_LIMIT, 'GATEWAY_SESSION_RATE_LIMIT', 10),
    userRateLimit: positiveInt(env.GATEWAY_USER_RATE_LIMIT, 'GATEWAY_USER_RATE_LIMIT', DEFAULT_USER_RATE_LIMIT, true),
    keyCreationRateLimit: positiveInt(
      env.GATEWAY_KEY_RATE_LIMIT,
      'GATEWAY_KEY_RATE_LIMIT',
      DEFAULT_KEY_RATE_LIMIT,
      true,
    ),
    documentRateLimit: positiveInt(
      env.GATEWAY_WMTS_RATE_LIMIT,
      'GATEWAY_WMTS_RATE_LIMIT',
      DEFAULT_WMTS_RATE_LIMIT,
      true,
    ),
    maxJsonBytes: 64 * 1024 * 1024,
    ...overrides,
  };
}
