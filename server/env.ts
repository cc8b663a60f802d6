import {
  type CleanedEnv,
  cleanEnv,
  EnvError,
  EnvMissingError,
  makeExactValidator,
  type ReporterOptions,
} from 'envalid';

// Validators for the service's and the gateway's environment. A validator's error message reads on from the
// variable's name ("must be …"); readEnv puts the name in front.

function integer(input: string, least: 0 | 1): number {
  const n = Number(input);
  if (!Number.isInteger(n) || n < least)
    throw new EnvError(`must be a positive integer${least === 0 ? ' or 0' : ''}, got "${input}"`);
  return n;
}

/** An integer ≥ 1. */
export const positiveInt = makeExactValidator<number>((input) => integer(input, 1));

/** An integer ≥ 0, where 0 turns something off. */
export const positiveIntOrZero = makeExactValidator<number>((input) => integer(input, 0));

/** An absolute http(s) URL without credentials, query or fragment, as its origin and path without trailing slashes. */
function parseHttpUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new EnvError(`must be an absolute http(s) URL, got "${input}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new EnvError(`must use http or https, got "${url.protocol}"`);
  if (url.username || url.password)
    throw new EnvError('must not carry credentials; use UPSTREAM_CLIENT_ID and UPSTREAM_CLIENT_SECRET');
  if (url.search || url.hash) throw new EnvError('must not have a query or fragment');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export const httpUrl = makeExactValidator<string>(parseHttpUrl);

/** http(s) URLs (each as httpUrl) separated by commas or white space. */
export const httpUrls = makeExactValidator<string[]>((input) =>
  input
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(parseHttpUrl),
);

/** An HTTP header name, in lower case. */
export function parseHeaderName(input: string): string {
  const name = input.trim().toLowerCase();
  if (!/^[a-z0-9-]+$/.test(name)) throw new EnvError(`must be a header name, got "${name}"`);
  return name;
}

export const headerName = makeExactValidator<string>(parseHeaderName);

/** One of the given words. */
export function oneOf<const T extends string>(choices: readonly T[]) {
  const described = choices.map((choice) => `"${choice}"`).join(' or ');
  return makeExactValidator<T>((input) => {
    if (!(choices as readonly string[]).includes(input)) throw new EnvError(`must be ${described}, got "${input}"`);
    return input as T;
  });
}

/** Throws one Error that names every variable that is wrong; a missing one's message is its spec's `desc`. */
function throwErrors({ errors }: ReporterOptions<unknown>): void {
  const messages = new Set(
    Object.entries(errors as Record<string, Error>).map(([name, error]) =>
      error instanceof EnvMissingError ? error.message : `${name} ${error.message}`,
    ),
  );
  if (messages.size > 0) throw new Error([...messages].join('\n'));
}

/**
 * The variables that `specs` names, validated. A variable that is empty or only white space counts as unset, so
 * its default applies. Throws (never exits or prints) when any is wrong.
 */
export function readEnv<S extends object>(env: Readonly<Record<string, string | undefined>>, specs: S): CleanedEnv<S> {
  const given: Record<string, string> = {};
  for (const name of Object.keys(specs)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') given[name] = value;
  }
  return cleanEnv(given, specs, { reporter: throwErrors });
}
