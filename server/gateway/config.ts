import { EnvError, makeExactValidator, str } from 'envalid';
import { DEFAULT_AUDIENCE } from '../config.ts';
import { httpUrl, httpUrls, parseHeaderName, positiveInt, positiveIntOrZero, readEnv } from '../env.ts';

/** How the gateway decides who may use it. Any configured guard admits a request. */
interface GatewayGuard {
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
  /** Time allowed for one upstream exchange (token or resource), its answer's body included, in ms. */
  timeoutMs: number;
  /** Longest pause between two chunks of an upstream answer's body, in ms. */
  idleTimeoutMs: number;
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
   * Forwarded requests a minute per person — an SSO user, or an address (its sessions together) — and their share of
   * upstream requests, so that one person cannot spend the upstream budget the whole team shares; 0 turns it off.
   */
  userRateLimit: number;
  /** Upstream requests a minute for everyone together (sessions, SSO users, tile keys); 0 turns it off. */
  teamRateLimit: number;
  /** Tile keys one session (or SSO user) may make a minute; 0 turns it off. */
  keyCreationRateLimit: number;
  /** WMTS capabilities documents the keys of one session may be asked for a minute; 0 turns it off. */
  documentRateLimit: number;
  /**
   * Largest JSON document the gateway reads whole, in characters: an answer that is not a list, or one item of a list
   * answer (which is streamed item by item, however long).
   */
  maxJsonChars: number;
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 15_000;
const DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS = 5_000;
/** The most of an upstream error answer read (for its correlation id); the rest is not read. */
export const MAX_ERROR_BYTES = 64 * 1024;
/** The largest tile relayed (a 256×256 tile is tens of kilobytes). */
export const MAX_TILE_BYTES = 4 * 1024 * 1024;
const DEFAULT_MAX_JSON_CHARS = 16 * 1024 * 1024;
export const DEFAULT_SESSION_TTL = 8 * 3600;
/** A third of the reference service's default budget per credential (SERVICE_RATE_LIMIT, 6,000). */
export const DEFAULT_USER_RATE_LIMIT = 2000;
/** The reference service's default budget per credential: the gateway is one credential upstream. */
const DEFAULT_TEAM_RATE_LIMIT = 6000;
/** Keys a minute per session: plenty for a person, few for a script making keys to spend the upstream's budget. */
export const DEFAULT_KEY_RATE_LIMIT = 30;
/** WMTS documents a minute per session's keys (a desktop GIS asks once when it connects). */
export const DEFAULT_WMTS_RATE_LIMIT = 30;

const CREDENTIALS_NEEDED = 'The gateway needs UPSTREAM_CLIENT_ID and UPSTREAM_CLIENT_SECRET in its environment';

/** A shared key long enough not to be guessed within the sign-in rate limit. */
const accessKey = makeExactValidator<string>((input) => {
  if (input.length < 12) throw new EnvError('must be at least 12 characters long');
  return input;
});

/** A header an SSO proxy sets; never one that carries the browser's own credentials. */
const trustHeader = makeExactValidator<string>((input) => {
  const name = parseHeaderName(input);
  if (name === 'authorization' || name === 'cookie') throw new EnvError(`cannot be "${name}"`);
  return name;
});

const GATEWAY_ENV = {
  UPSTREAM_URL: httpUrl({ desc: 'The gateway needs --upstream URL or UPSTREAM_URL' }),
  UPSTREAM_CLIENT_ID: str({ desc: CREDENTIALS_NEEDED }),
  UPSTREAM_CLIENT_SECRET: str({ desc: CREDENTIALS_NEEDED }),
  UPSTREAM_AUDIENCE: str({ default: DEFAULT_AUDIENCE }),
  UPSTREAM_TIMEOUT_MS: positiveInt({ default: DEFAULT_UPSTREAM_TIMEOUT_MS }),
  UPSTREAM_IDLE_TIMEOUT_MS: positiveInt({ default: DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS }),
  UPSTREAM_REWRITE_URLS: httpUrls({ default: [] }),
  PUBLIC_URL: httpUrl({ default: undefined }),
  GATEWAY_ACCESS_KEY: accessKey({ default: undefined }),
  GATEWAY_TRUST_HEADER: trustHeader({ default: undefined }),
  GATEWAY_SESSION_TTL: positiveInt({ default: DEFAULT_SESSION_TTL }),
  GATEWAY_SESSION_SECRET: str({ default: undefined }),
  GATEWAY_SESSION_RATE_LIMIT: positiveInt({ default: 10 }),
  GATEWAY_USER_RATE_LIMIT: positiveIntOrZero({ default: DEFAULT_USER_RATE_LIMIT }),
  GATEWAY_TEAM_RATE_LIMIT: positiveIntOrZero({ default: DEFAULT_TEAM_RATE_LIMIT }),
  GATEWAY_KEY_RATE_LIMIT: positiveIntOrZero({ default: DEFAULT_KEY_RATE_LIMIT }),
  GATEWAY_WMTS_RATE_LIMIT: positiveIntOrZero({ default: DEFAULT_WMTS_RATE_LIMIT }),
};

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
  // An --upstream given on the command line is checked like the variable.
  const read = readEnv({ ...env, UPSTREAM_URL: options.upstream ?? env.UPSTREAM_URL }, GATEWAY_ENV);
  const { GATEWAY_ACCESS_KEY: accessKey, GATEWAY_TRUST_HEADER: trustHeader } = read;
  const open = options.open === true;
  if (!accessKey && !trustHeader && !open) {
    throw new Error(
      'Refusing to start an open gateway: set GATEWAY_ACCESS_KEY (a shared key for the team) or GATEWAY_TRUST_HEADER ' +
        '(a header set by your SSO proxy), or pass --gateway-open for local use only.',
    );
  }
  return {
    upstreamUrl: read.UPSTREAM_URL,
    clientId: read.UPSTREAM_CLIENT_ID,
    clientSecret: read.UPSTREAM_CLIENT_SECRET,
    audience: read.UPSTREAM_AUDIENCE,
    timeoutMs: read.UPSTREAM_TIMEOUT_MS,
    idleTimeoutMs: Math.min(read.UPSTREAM_IDLE_TIMEOUT_MS, read.UPSTREAM_TIMEOUT_MS),
    rewriteOrigins: read.UPSTREAM_REWRITE_URLS,
    publicUrl: read.PUBLIC_URL,
    guard: { accessKey, trustHeader, open },
    sessionTtl: read.GATEWAY_SESSION_TTL,
    sessionSecret: read.GATEWAY_SESSION_SECRET,
    sessionRateLimit: read.GATEWAY_SESSION_RATE_LIMIT,
    userRateLimit: read.GATEWAY_USER_RATE_LIMIT,
    teamRateLimit: read.GATEWAY_TEAM_RATE_LIMIT,
    keyCreationRateLimit: read.GATEWAY_KEY_RATE_LIMIT,
    documentRateLimit: read.GATEWAY_WMTS_RATE_LIMIT,
    maxJsonChars: DEFAULT_MAX_JSON_CHARS,
    ...overrides,
  };
}
