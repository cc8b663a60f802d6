/**
 * The upstream token a hostile upstream hands out and echoes (a JWT, as the provider's is), the ways it may write the
 * Authorization header it got back into an answer, and the tests' own reading of whether an answer still holds it.
 */
export const TOKEN =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJnYXRld2F5IiwiYXVkIjoiaHR0cHM6Ly9hcGkuZXhhbXBsZSJ9.' +
  'c2lnbmF0dXJlLW9mLXRoZS1nYXRld2F5cy11cHN0cmVhbS10b2tlbi0wMTIzNDU2Nzg5YWJjZGVm';
export const SECRET = 'demo-secret';

const unicode = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

export const ENCODINGS: Record<string, (header: string) => string> = {
  plain: (h) => h,
  unicodeEscapes: (h) => [...h].map(unicode).join(''),
  someEscapes: (h) => h.replace(/[eyJ.]/g, unicode),
  percent: (h) => [...h].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
  urlEncoded: (h) => encodeURIComponent(h),
  htmlEntities: (h) => [...h].map((c) => `&#${c.charCodeAt(0)};`).join(''),
  base64: (h) => Buffer.from(h).toString('base64'),
  base64url: (h) => Buffer.from(h).toString('base64url'),
  base64Shifted: (h) => Buffer.from(`token: ${h}`).toString('base64'),
  oneCharacterChanged: (h) => `${h.slice(0, 60)}${h[60] === 'A' ? 'B' : 'A'}${h.slice(61)}`,
  spaced: (h) => h.replace(/(.{10})/g, '$1 '),
  upperCase: (h) => h.toUpperCase(),
  lowerCase: (h) => h.toLowerCase(),
  noBearerWord: (h) => h.replace(/^Bearer /, ''),
};

/** Whether text holds the token (or the secret) in a form a reader could recover; the test's own reading. */
export function leaks(text: string): boolean {
  const decoded = [text];
  const unescaped = text.replace(/\\u([0-9a-f]{4})/gi, (_m, h) => String.fromCharCode(Number.parseInt(h, 16)));
  decoded.push(
    unescaped,
    unescaped.replace(/&#(\d+);/g, (_m, d) => String.fromCharCode(Number(d))),
  );
  decoded.push(unescaped.replace(/%([0-9a-f]{2})/gi, (_m, h) => String.fromCharCode(Number.parseInt(h, 16))));
  for (const run of text.match(/[A-Za-z0-9+/_-]{24,}={0,2}/g) ?? [])
    for (let skip = 0; skip < 4; skip++) decoded.push(Buffer.from(run.slice(skip), 'base64').toString('latin1'));
  const pieces = [
    SECRET,
    ...Array.from({ length: Math.floor(TOKEN.length / 16) }, (_, i) => TOKEN.slice(i * 16, i * 16 + 16)),
  ];
  return decoded.some((d) => {
    const flat = d.replace(/\s+/g, '').toLowerCase();
    return pieces.some((piece) => flat.includes(piece.toLowerCase()));
  });
}
