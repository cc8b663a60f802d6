import { DEFAULT_TILE_CAP } from '../geo/limits.ts';
import { parseFaults, type FaultPlan } from './faults.ts';
import type { RateLimits } from './rate-limits.ts';

export type ProfileName = 'seed' | 'provider';

export interface ServiceConfig {
  clientId: string;
  clientSecret: string;
  audience: string;
  issuer: string;
  /** Access token lifetime in seconds. */
  tokenTtl: number;
  /** Static API key lifetime in seconds (one year). */
  staticKeyTtl: number;
  /** Externally visible base URL used in `static_url` and links; derived from the request when unset. */
  publicUrl?: string;
  profile: ProfileName;
  /** Largest number of tiles one tile-metadata request may ask for. */
  tileCap: number;
  /**
   * Longest a tile-metadata request's geometry work may take (it runs on a worker thread), in milliseconds; past it
   * the request is answered 503.
   */
  coverageBudgetMs: number;
  maxPageSize: number;
  /** PKCS#8 PEM of an ES256 key; a fresh key is generated at start when unset. */
  signingKeyPem?: string;
  /** Per-client request budgets; null turns rate limiting off. */
  rateLimits: RateLimits | null;
  /** Injected faults for resilience tests; null (the default) injects none. */
  faults: FaultPlan | null;
}

export const DEMO_CLIENT_ID = 'demo';
export const DEMO_CLIENT_SECRET = 'demo-secret';
export const DEFAULT_AUDIENCE = 'https://api.survey-viewer.example/tile';

function positiveInt(value: string | undefined, name: string, fallback: number, allowZero = false): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || (n === 0 && !allowZero))
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function rateLimitsFromEnv(env: NodeJS.ProcessEnv): RateLimits | null {
  const perMinute = positiveInt(env.SERVICE_RATE_LIMIT, 'SERVICE_RATE_LIMIT', 6000, true);
  const credentialsPerMinute = positiveInt(
    env.SERVICE_CREDENTIAL_RATE_LIMIT,
    'SERVICE_CREDENTIAL_RATE_LIMIT',
    30,
    true,
  );
  return perMinute === 0 ? null : { perMinute, credentialsPerMinute: credentialsPerMinute || perMinute };
}

export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServiceConfig> = {},
): ServiceConfig {
  const profile = overrides.profile ?? (env.SERVICE_PROFILE as ProfileName | undefined) ?? 'seed';
  if (profile !== 'seed' && profile !== 'provider')
    throw new Error(`profile must be "seed" or "provider", got "${profile}"`);
  return {
    clientId: env.SERVICE_CLIENT_ID || DEMO_CLIENT_ID,
    clientSecret: env.SERVICE_CLIENT_SECRET || DEMO_CLIENT_SECRET,
    audience: env.SERVICE_AUDIENCE || DEFAULT_AUDIENCE,
    issuer: env.SERVICE_ISSUER || 'survey-viewer-reference-service',
    tokenTtl: positiveInt(env.SERVICE_TOKEN_TTL, 'SERVICE_TOKEN_TTL', 3600),
    staticKeyTtl: 31_536_000,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    tileCap: positiveInt(env.SERVICE_TILE_CAP, 'SERVICE_TILE_CAP', DEFAULT_TILE_CAP),
    coverageBudgetMs: positiveInt(env.SERVICE_COVERAGE_BUDGET_MS, 'SERVICE_COVERAGE_BUDGET_MS', 5_000),
    maxPageSize: 100,
    signingKeyPem: env.SERVICE_SIGNING_KEY || undefined,
    rateLimits: rateLimitsFromEnv(env),
    faults: env.SERVICE_FAULTS ? parseFaults(env.SERVICE_FAULTS) : null,
    ...overrides,
    profile,
  };
}
