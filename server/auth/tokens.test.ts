import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../config.ts';
import { ApiError } from '../errors.ts';
import { createTokenIssuer } from './tokens.ts';

afterEach(() => vi.useRealTimers());

const codeOf = async (work: () => unknown) => {
  try {
    await work();
  } catch (error) {
    return error instanceof ApiError ? `${error.statusCode} ${error.code}` : String(error);
  }
  return 'passed';
};

describe('token verification cache', () => {
  it('remembers a verified token, and still refuses it once it expires', async () => {
    const issuer = await createTokenIssuer(configFromEnv({}, { tokenTtl: 60 }));
    const { token } = await issuer.issue('access');
    expect(issuer.known(token)).toBeUndefined();
    const payload = await issuer.verify(token);
    expect(issuer.known(token)).toEqual(payload);

    vi.useFakeTimers({ now: (payload.exp! - 1) * 1000, toFake: ['Date'] });
    expect(issuer.known(token)).toEqual(payload);
    vi.setSystemTime(payload.exp! * 1000);
    expect(await codeOf(() => issuer.known(token))).toBe('401 token_expired');
    expect(await codeOf(() => issuer.verify(token))).toBe('401 token_expired');
  });

  it('never remembers a refusal', async () => {
    const issuer = await createTokenIssuer(configFromEnv({}));
    const { token } = await issuer.issue('access');
    const tampered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(await codeOf(() => issuer.verify(tampered))).toBe('401 invalid_token');
    expect(issuer.known(tampered)).toBeUndefined();
    expect(await codeOf(() => issuer.verify(tampered))).toBe('401 invalid_token');
    expect(await codeOf(() => issuer.verify(token))).toBe('passed');
  });

  it('does not accept a token signed by another issuer that merely looks like a remembered one', async () => {
    const ours = await createTokenIssuer(configFromEnv({}));
    const theirs = await createTokenIssuer(configFromEnv({}));
    const { token } = await theirs.issue('access');
    await theirs.verify(token);
    expect(await codeOf(() => ours.verify(token))).toBe('401 invalid_token');
  });
});
