import { describe, expect, it } from 'vitest';
import { DEFAULT_TILE_CAP } from '../core/wire/limits.ts';
import { configFromEnv, DEFAULT_AUDIENCE, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from './config.ts';
import {
  DEFAULT_KEY_RATE_LIMIT,
  DEFAULT_SESSION_TTL,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  DEFAULT_USER_RATE_LIMIT,
  DEFAULT_WMTS_RATE_LIMIT,
  gatewayConfigFromEnv,
} from './gateway/config.ts';

describe("the service's environment", () => {
  it('has a default for every variable', () => {
    expect(configFromEnv({})).toEqual({
      clientId: DEMO_CLIENT_ID,
      clientSecret: DEMO_CLIENT_SECRET,
      audience: DEFAULT_AUDIENCE,
      issuer: 'survey-viewer-reference-service',
      tokenTtl: 3600,
      staticKeyTtl: 31_536_000,
      publicUrl: undefined,
      profile: 'seed',
      tileCap: DEFAULT_TILE_CAP,
      coverageBudgetMs: 5000,
      maxPageSize: 100,
      signingKeyPem: undefined,
      rateLimits: { perMinute: 6000, credentialsPerMinute: 30 },
      faults: null,
    });
  });

  it('reads what is set; 0 turns rate limiting off, or gives the credential endpoints the tile budget', () => {
    const config = configFromEnv({
      SERVICE_PROFILE: 'provider',
      SERVICE_CLIENT_ID: 'analyst',
      SERVICE_TILE_CAP: '500',
      PUBLIC_URL: 'https://tiles.example.org//',
      SERVICE_RATE_LIMIT: '100',
      SERVICE_CREDENTIAL_RATE_LIMIT: '0',
      SERVICE_FAULTS: '503:0.5',
    });
    expect(config).toMatchObject({
      profile: 'provider',
      clientId: 'analyst',
      tileCap: 500,
      publicUrl: 'https://tiles.example.org',
      rateLimits: { perMinute: 100, credentialsPerMinute: 100 },
      faults: { latencyMs: 0, statuses: [{ status: 503, probability: 0.5 }] },
    });
    expect(configFromEnv({ SERVICE_RATE_LIMIT: '0' }).rateLimits).toBeNull();
  });

  it('names the variable that is wrong, and what it must be', () => {
    expect(() => configFromEnv({ SERVICE_TILE_CAP: 'lots' })).toThrow(
      'SERVICE_TILE_CAP must be a positive integer, got "lots"',
    );
    expect(() => configFromEnv({ SERVICE_TOKEN_TTL: '0' })).toThrow(/SERVICE_TOKEN_TTL must be a positive integer/);
    expect(() => configFromEnv({ SERVICE_RATE_LIMIT: '-5' })).toThrow(/SERVICE_RATE_LIMIT must be a positive integer/);
    expect(() => configFromEnv({ SERVICE_PROFILE: 'other' })).toThrow(/must be "seed" or "provider", got "other"/);
    expect(() => configFromEnv({}, { profile: 'other' as 'seed' })).toThrow(/must be "seed" or "provider"/);
    expect(() => configFromEnv({ SERVICE_FAULTS: '418:0.1' })).toThrow(/"418" is not one of/);
  });

  it('lets overrides win', () => {
    expect(configFromEnv({ SERVICE_TILE_CAP: '500' }, { tileCap: 20, rateLimits: null })).toMatchObject({
      tileCap: 20,
      rateLimits: null,
    });
  });
});

describe("the gateway's environment", () => {
  const needed = {
    UPSTREAM_CLIENT_ID: 'id',
    UPSTREAM_CLIENT_SECRET: 'secret',
    GATEWAY_ACCESS_KEY: 'a-long-shared-key',
  };
  const upstream = { upstream: 'https://provider.example/api/' };

  it('has a default for every variable that may be unset', () => {
    expect(gatewayConfigFromEnv(needed, upstream)).toMatchObject({
      upstreamUrl: 'https://provider.example/api',
      audience: DEFAULT_AUDIENCE,
      timeoutMs: DEFAULT_UPSTREAM_TIMEOUT_MS,
      idleTimeoutMs: 5_000,
      rewriteOrigins: [],
      publicUrl: undefined,
      guard: { accessKey: 'a-long-shared-key', trustHeader: undefined, open: false },
      sessionTtl: DEFAULT_SESSION_TTL,
      sessionSecret: undefined,
      sessionRateLimit: 10,
      userRateLimit: DEFAULT_USER_RATE_LIMIT,
      teamRateLimit: 6_000,
      keyCreationRateLimit: DEFAULT_KEY_RATE_LIMIT,
      documentRateLimit: DEFAULT_WMTS_RATE_LIMIT,
    });
  });

  it('reads what is set, the upstream from UPSTREAM_URL too', () => {
    const config = gatewayConfigFromEnv({
      ...needed,
      UPSTREAM_URL: 'http://127.0.0.1:8787',
      UPSTREAM_REWRITE_URLS: 'https://tiles.provider.example/, https://cdn.provider.example',
      PUBLIC_URL: 'https://viewer.example.org/',
      GATEWAY_TRUST_HEADER: ' X-Forwarded-User',
      GATEWAY_USER_RATE_LIMIT: '0',
      GATEWAY_TEAM_RATE_LIMIT: '4000',
      UPSTREAM_TIMEOUT_MS: '2000',
      UPSTREAM_IDLE_TIMEOUT_MS: '9000',
    });
    expect(config).toMatchObject({
      upstreamUrl: 'http://127.0.0.1:8787',
      rewriteOrigins: ['https://tiles.provider.example', 'https://cdn.provider.example'],
      publicUrl: 'https://viewer.example.org',
      guard: { trustHeader: 'x-forwarded-user' },
      userRateLimit: 0,
      teamRateLimit: 4000,
      // The idle timeout is within the exchange's.
      timeoutMs: 2000,
      idleTimeoutMs: 2000,
    });
  });

  it('names the variable that is wrong, and what it must be', () => {
    expect(() => gatewayConfigFromEnv(needed)).toThrow('The gateway needs --upstream URL or UPSTREAM_URL');
    expect(() => gatewayConfigFromEnv({ ...needed, GATEWAY_SESSION_RATE_LIMIT: '0' }, upstream)).toThrow(
      'GATEWAY_SESSION_RATE_LIMIT must be a positive integer, got "0"',
    );
    expect(() => gatewayConfigFromEnv({ ...needed, GATEWAY_WMTS_RATE_LIMIT: 'many' }, upstream)).toThrow(
      /GATEWAY_WMTS_RATE_LIMIT must be a positive integer/,
    );
    expect(() => gatewayConfigFromEnv({ ...needed, PUBLIC_URL: 'https://viewer.example.org/?a=b' }, upstream)).toThrow(
      'PUBLIC_URL must not have a query or fragment',
    );
    expect(() => gatewayConfigFromEnv({ ...needed, UPSTREAM_REWRITE_URLS: 'tiles.example' }, upstream)).toThrow(
      'UPSTREAM_REWRITE_URLS must be an absolute http(s) URL, got "tiles.example"',
    );
    expect(() => gatewayConfigFromEnv({ ...needed, GATEWAY_TRUST_HEADER: 'x user' }, upstream)).toThrow(
      'GATEWAY_TRUST_HEADER must be a header name, got "x user"',
    );
    expect(() => gatewayConfigFromEnv({ ...needed, GATEWAY_TRUST_HEADER: 'Cookie' }, upstream)).toThrow(
      'GATEWAY_TRUST_HEADER cannot be "cookie"',
    );
  });
});
