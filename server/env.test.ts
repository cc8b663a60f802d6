import { str, type ValidatorSpec } from 'envalid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerName, httpUrl, httpUrls, oneOf, positiveInt, positiveIntOrZero, readEnv } from './env.ts';

afterEach(() => vi.restoreAllMocks());

describe('readEnv', () => {
  it('reads each variable through its validator, and gives the default when it is unset, empty or blank', () => {
    const specs = {
      N: positiveInt({ default: 7 }),
      S: str({ default: 'fallback' }),
      U: httpUrl({ default: undefined }),
    };
    expect(readEnv({}, specs)).toMatchObject({ N: 7, S: 'fallback', U: undefined });
    expect(readEnv({ N: '', S: '  ', U: '' }, specs)).toMatchObject({ N: 7, S: 'fallback', U: undefined });
    expect(readEnv({ N: '12', S: 'given', U: 'https://a.example/x/' }, specs)).toMatchObject({
      N: 12,
      S: 'given',
      U: 'https://a.example/x',
    });
  });

  it('throws one Error naming every wrong variable, without printing or exiting', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const specs = { A: positiveInt({ default: 1 }), B: positiveInt({ default: 1 }), C: positiveInt({ default: 1 }) };
    let error: unknown;
    try {
      readEnv({ A: 'x', B: '2', C: '-3' }, specs);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'A must be a positive integer, got "x"\nC must be a positive integer, got "-3"',
    );
    expect(exit).not.toHaveBeenCalled();
    expect(printed).not.toHaveBeenCalled();
  });

  it('says what is missing in the words of the spec, once however many variables it covers', () => {
    const needed = 'Set A and B';
    expect(() => readEnv({}, { A: str({ desc: needed }), B: str({ desc: needed }) })).toThrow(/^Set A and B$/);
  });

  it('reads only the variables it is given specs for', () => {
    expect(Object.keys(readEnv({ N: '3', OTHER: 'x' }, { N: positiveInt() }))).toEqual(['N']);
  });
});

describe('validators', () => {
  const read = <T>(spec: ValidatorSpec<T>, value: string) => readEnv({ V: value }, { V: spec }).V as T;

  it('positiveInt: an integer of 1 or more', () => {
    expect(read(positiveInt(), '5')).toBe(5);
    for (const bad of ['0', '-1', '1.5', 'abc', 'Infinity'])
      expect(() => read(positiveInt(), bad)).toThrow(`V must be a positive integer, got "${bad}"`);
  });

  it('positiveIntOrZero: 0 too', () => {
    expect(read(positiveIntOrZero(), '0')).toBe(0);
    expect(read(positiveIntOrZero(), '30')).toBe(30);
    expect(() => read(positiveIntOrZero(), '-1')).toThrow('V must be a positive integer or 0, got "-1"');
  });

  it('httpUrl: absolute http(s), without credentials, query or fragment, trailing slashes dropped', () => {
    expect(read(httpUrl(), ' http://127.0.0.1:8787/api// ')).toBe('http://127.0.0.1:8787/api');
    expect(() => read(httpUrl(), 'provider.example')).toThrow(
      'V must be an absolute http(s) URL, got "provider.example"',
    );
    expect(() => read(httpUrl(), 'ftp://provider.example')).toThrow('V must use http or https, got "ftp:"');
    expect(() => read(httpUrl(), 'https://user:pw@provider.example')).toThrow(/^V must not carry credentials/);
    expect(() => read(httpUrl(), 'https://provider.example/?a=1')).toThrow('V must not have a query or fragment');
    expect(() => read(httpUrl(), 'https://provider.example/#top')).toThrow('V must not have a query or fragment');
  });

  it('httpUrls: each one checked, separated by commas or white space', () => {
    expect(read(httpUrls(), 'https://a.example/, https://b.example/t\nhttp://c.example')).toEqual([
      'https://a.example',
      'https://b.example/t',
      'http://c.example',
    ]);
    expect(() => read(httpUrls(), 'https://a.example,https://b.example?x=1')).toThrow(/^V must not have a query/);
  });

  it('headerName: trimmed, in lower case', () => {
    expect(read(headerName(), ' X-Forwarded-User ')).toBe('x-forwarded-user');
    expect(() => read(headerName(), 'x forwarded user')).toThrow('V must be a header name, got "x forwarded user"');
  });

  it('oneOf: one of its words, as given', () => {
    expect(read(oneOf(['seed', 'provider'])(), 'provider')).toBe('provider');
    expect(() => read(oneOf(['seed', 'provider'])(), 'Seed')).toThrow('V must be "seed" or "provider", got "Seed"');
  });
});
