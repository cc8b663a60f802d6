/**
 * The upstream answer headers the gateway passes back, each only in the form the interface uses: cache validators and
 * lifetimes, the legacy routes' deprecation headers, Retry-After and the correlation id. Anything else — set-cookie,
 * CORS and hop-by-hop headers, the upstream's challenge, content headers (the gateway writes its own) and free text —
 * is not passed. A value that carries a secret, or names the upstream's own host after rewriting, is dropped too.
 */
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const date = (value: string) => (HTTP_DATE.test(value) ? value : null);
const seconds = (value: string) => (/^\d{1,9}$/.test(value) ? value : null);

export interface HeaderContext {
  /** The upstream's URLs rewritten to the gateway's origin. */
  rewrite(value: string): string;
  /** The gateway's own origin, which rewritten URLs start with. */
  base: string;
  /** A correlation id as it may be relayed, or null. */
  correlationId(value: string): string | null;
}

/** A Link header's references, when each is a path of the gateway (or its origin) and each parameter a plain one. */
function sameOriginLinks(value: string, context: HeaderContext): string | null {
  const links = value.split(',').map((link) => link.trim());
  const rewritten: string[] = [];
  for (const link of links) {
    const match = /^<([^<>]*)>((?:\s*;\s*[a-z-]+="?[\w./ -]*"?)*)$/i.exec(link);
    if (!match) return null;
    const target = context.rewrite(match[1]);
    const relative = target.startsWith('/') && !target.startsWith('//') && !target.includes('\\');
    if (!relative && !target.startsWith(`${context.base}/`)) return null;
    rewritten.push(`<${target}>${match[2]}`);
  }
  return rewritten.join(', ');
}

const PASSED: Record<string, (value: string, context: HeaderContext) => string | null> = {
  'cache-control': (value) =>
    // A shared cache in front of the gateway must not hand guarded answers to others.
    /^[\w\s,="-]{1,200}$/.test(value) ? value.replace(/\bpublic\b/gi, 'private') : null,
  etag: (value) => (/^(W\/)?"[\x21\x23-\x7e]{0,200}"$/.test(value) ? value : null),
  'last-modified': date,
  expires: date,
  age: seconds,
  deprecation: (value) => (/^(@\d{1,12}|true)$/.test(value) ? value : date(value)),
  sunset: date,
  link: sameOriginLinks,
  // The gateway's own words for the legacy routes' warning, not the upstream's.
  warning: (value) => (/^299\b/.test(value) ? '299 - "Deprecated API: the Link header names its successor"' : null),
  'retry-after': (value) => seconds(value) ?? date(value),
  'x-correlation-id': (value, context) => context.correlationId(value),
};

/** The headers to pass back, name → value. */
export function relayedHeaders(
  headers: Headers,
  context: HeaderContext,
  { carries, namesUpstream }: { carries(value: string): boolean; namesUpstream(value: string): boolean },
): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const [name, check] of Object.entries(PASSED)) {
    const given = headers.get(name);
    if (given === null || carries(given)) continue;
    const value = check(given, context);
    if (value !== null && value !== '' && !namesUpstream(value) && !carries(value)) passed[name] = value;
  }
  return passed;
}
