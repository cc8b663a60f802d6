/**
 * The one text of an ES256 token: jose also accepts trailing whitespace and, like every ECDSA verifier,
 * a signature (r, n − s) for (r, s), so one token could be sent as many different strings — as many
 * "different" credentials to anything keyed by the text. Tokens are issued with the low-S signature
 * and only that text is accepted back.
 */

/** The order n of P-256. */
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_ORDER = P256_ORDER >> 1n;
/** Header and payload, then an ES256 signature: 64 bytes are 86 base64url characters without padding. */
const COMPACT_ES256 = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/;

const sOf = (signature: Buffer) => BigInt(`0x${signature.subarray(32).toString('hex')}`);

/**
 * Whether the token is written exactly as issued: compact, each part the canonical base64url of its
 * bytes (no padding, no stray bits), and the signature's s in the lower half.
 */
export function isCanonicalEs256(token: string): boolean {
  if (!COMPACT_ES256.test(token)) return false;
  const parts = token.split('.');
  for (const part of parts) if (Buffer.from(part, 'base64url').toString('base64url') !== part) return false;
  // Stryker disable next-line EqualityOperator: no signature has s = (n − 1) / 2 exactly; it cannot be made to order.
  return sOf(Buffer.from(parts[2], 'base64url')) <= HALF_ORDER;
}

/** The same token with the low-S form of its signature (equally valid). */
export function withLowS(token: string): string {
  const [header, payload, encoded] = token.split('.');
  const signature = Buffer.from(encoded, 'base64url');
  const s = sOf(signature);
  // Stryker disable next-line EqualityOperator: no signature has s = (n − 1) / 2 exactly; it cannot be made to order.
  if (s <= HALF_ORDER) return token;
  const low = Buffer.from((P256_ORDER - s).toString(16).padStart(64, '0'), 'hex');
  return `${header}.${payload}.${Buffer.concat([signature.subarray(0, 32), low]).toString('base64url')}`;
}
