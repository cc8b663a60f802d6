import { EnvError, makeExactValidator, str } from 'envalid';
import { DEFAULT_TILE_CAP } from '../core/wire/limits.ts';
import { oneOf, positiveInt, positiveIntOrZero, readEnv } from './env.ts';
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

const faultPlan = makeExactValidator<FaultPlan>((input) => {
  try {
    return parseFaults(input);
  } catch (error) {
    throw new EnvError(`must be a fault plan such as "503:0.1,latency:500" (${(error as Error).message})`);
  }
});

const SERVICE_ENV = {
  SERVICE_PROFILE: oneOf(['seed', 'provider'])({ default: 'seed' }),
  SERVICE_CLIENT_ID: str({ default: DEMO_CLIENT_ID }),
  SERVICE_CLIENT_SECRET: str({ default: DEMO_CLIENT_SECRET }),
  SERVICE_AUDIENCE: str({ default: DEFAULT_AUDIENCE }),
  SERVICE_ISSUER: str({ default: 'survey-viewer-reference-service' }),
  SERVICE_TOKEN_TTL: positiveInt({ default: 3600 }),
  PUBLIC_URL: str({ default: undefined }),
  SERVICE_TILE_CAP: positiveInt({ default: DEFAULT_TILE_CAP }),
  SERVICE_COVERAGE_BUDGET_MS: positiveInt({ default: 5_000 }),
  SERVICE_SIGNING_KEY: str({ default: undefined }),
  /** 0 turns rate limiting off. */
  SERVICE_RATE_LIMIT: positiveIntOrZero({ default: 6000 }),
  /** 0: the same as SERVICE_RATE_LIMIT. */
  SERVICE_CREDENTIAL_RATE_LIMIT: positiveIntOrZero({ default: 30 }),
  SERVICE_FAULTS: faultPlan({ default: undefined }),
};

export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServiceConfig> = {},
): ServiceConfig {
  // A --profile given on the command line is checked like the variable.
  const read = readEnv({ ...env, SERVICE_PROFILE: overrides.profile ?? env.SERVICE_PROFILE }, SERVICE_ENV);
  const perMinute = read.SERVICE_RATE_LIMIT;
  return {
    clientId: read.SERVICE_CLIENT_ID,
    clientSecret: read.SERVICE_CLIENT_SECRET,
    audience: read.SERVICE_AUDIENCE,
    issuer: read.SERVICE_ISSUER,
    tokenTtl: read.SERVICE_TOKEN_TTL,
    staticKeyTtl: 31_536_000,
    publicUrl: read.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    tileCap: read.SERVICE_TILE_CAP,
    coverageBudgetMs: read.SERVICE_COVERAGE_BUDGET_MS,
    maxPageSize: 100,
    signingKeyPem: read.SERVICE_SIGNING_KEY,
    rateLimits:
      perMinute === 0 ? null : { perMinute, credentialsPerMinute: read.SERVICE_CREDENTIAL_RATE_LIMIT || perMinute },
    faults: read.SERVICE_FAULTS ?? null,
    ...overrides,
    profile: read.SERVICE_PROFILE,
  };
}
