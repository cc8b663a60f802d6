const CREDENTIAL_PARAMETERS = new Set(['api_key', 'access_token']);

/**
 * The URL without api_key / access_token query parameters. Other parameters are kept byte for
 * byte (URLSearchParams would re-encode them).
 */
export function stripCredentials(url: string): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeHash.indexOf('?');
  if (queryAt < 0) return url;
  const kept = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .filter((part) => part !== '' && !CREDENTIAL_PARAMETERS.has(parameterName(part)));
  return beforeHash.slice(0, queryAt) + (kept.length > 0 ? `?${kept.join('&')}` : '') + hash;
}

function parameterName(part: string): string {
  const raw = part.split('=', 1)[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

export interface CredentialOptions {
  /** Keep api_key / access_token in exported URLs. Only on the user's explicit request. */
  includeKey?: boolean;
}

export const exportedUrl = (url: string, { includeKey = false }: CredentialOptions = {}) =>
  includeKey ? url : stripCredentials(url);
