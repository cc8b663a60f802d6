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
