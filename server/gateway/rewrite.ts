/**
 * Rewrites the upstream's absolute URLs (static_url, links[].href, …) to the gateway's origin so the
 * browser stays same-origin. Only strings that start with one of the upstream base URLs followed by
 * "/", "?", "#" or nothing are touched: "https://provider.example.evil/…" or a base URL in the
 * middle of a string is left alone.
 */
export function urlRewriter(upstreamBases: string[], gatewayBase: string): (value: string) => string {
  const bases = [...new Set(upstreamBases.map((b) => b.replace(/\/+$/, '')))].sort((a, b) => b.length - a.length);
  const target = gatewayBase.replace(/\/+$/, '');
  return (value) => {
    for (const base of bases) {
      if (value.length >= base.length && value.slice(0, base.length).toLowerCase() === base.toLowerCase()) {
        const rest = value.slice(base.length);
        if (rest === '' || rest[0] === '/' || rest[0] === '?' || rest[0] === '#') return `${target}${rest}`;
      }
    }
    return value;
  };
}

/** Applies `rewrite` to every string value (not keys) of a parsed JSON document. */
export function rewriteJson(value: unknown, rewrite: (s: string) => string): unknown {
  if (typeof value === 'string') return rewrite(value);
  if (Array.isArray(value)) return value.map((item) => rewriteJson(item, rewrite));
  if (value !== null && typeof value === 'object') {
    // No prototype, so a "__proto__" key stays a plain key.
    const out = Object.create(null) as Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) out[key] = rewriteJson(item, rewrite);
    return out;
  }
  return value;
}

/** Rewrites the URI references of a Link header (`<…>; rel=…`). */
export function rewriteLinkHeader(value: string, rewrite: (s: string) => string): string {
  return value.replace(/<([^>]*)>/g, (_match, uri: string) => `<${rewrite(uri)}>`);
}

/**
 * Rewrites a JSON body's text. A body that cannot hold an upstream URL (its host does not occur,
 * even with escaped slashes) goes through byte for byte; so does one that is not valid JSON.
 */
export function rewriteJsonText(text: string, upstreamBases: string[], rewrite: (s: string) => string): string {
  const lower = text.toLowerCase();
  if (!upstreamBases.some((base) => lower.includes(new URL(base).host.toLowerCase()))) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(rewriteJson(parsed, rewrite));
}
