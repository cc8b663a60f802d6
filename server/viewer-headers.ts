/**
 * Security headers for the viewer's pages. connect-src and img-src stay open to any http(s) origin by
 * default so that a user can sign in to whichever service deployment they are allowed to use;
 * VIEWER_CONNECT_SRC narrows them (space-separated sources) for a deployment with a fixed service;
 * "" allows the page's own origin only (the gateway's default: the browser talks to nothing else).
 */
export function viewerSecurityHeaders(connectSources = 'http: https:'): Record<string, string> {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self' blob:",
    "style-src 'self'",
    `img-src 'self' data: blob: ${connectSources}`.trim(),
    `connect-src 'self' ${connectSources}`.trim(),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': policy,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
}
