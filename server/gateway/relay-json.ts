import { Readable } from 'node:stream';
import type { TSchema } from '@sinclair/typebox';
import { JsonSplitError, jsonItems } from './json-items.ts';
import { itemSchemaOf, keepKnown, type TextCheck } from './known-fields.ts';
import { GatewayError } from './upstream-errors.ts';

export interface RelayJsonOptions {
  text: TextCheck;
  carries(text: string): boolean;
  /** The longest document, or item of a list, read. */
  maxChars: number;
  what: string;
}

/**
 * A JSON answer of the upstream as the gateway relays it: parsed, and written again from the fields `schema` knows
 * (keepKnown, its strings through `text`). A list answer is streamed: read, checked and written one item at a time, as
 * fast as the asker reads, so that its length costs no memory; any other answer is read whole (at most `maxChars`) and
 * written once. Each item written (or the whole document) is then searched for secrets (`carries`): an item that holds
 * one is left out, a document that does is refused. An answer that is not JSON, or not the form the route answers, is
 * the gateway's 502 when that is found before the answer has started; after that, the answer is ended.
 */
export async function relayJson(
  chunks: AsyncIterable<Uint8Array>,
  schema: TSchema,
  { text, carries, maxChars, what }: RelayJsonOptions,
): Promise<string | Readable> {
  const decoder = new TextDecoder();
  const split = jsonItems(maxChars);
  const iterator = chunks[Symbol.asyncIterator]();
  const unreadable = (why: string) =>
    new GatewayError(502, 'upstream_invalid_answer', `The upstream's answer for ${what} ${why}.`);
  const tooLarge = () =>
    new GatewayError(
      502,
      'upstream_too_large',
      `The upstream's answer for ${what} holds a part larger than the gateway relays ` +
        `(${maxChars.toLocaleString('en-US')} characters).`,
    );
  const pushed = (piece: string): string[] => {
    try {
      return split.push(piece);
    } catch (error) {
      throw error instanceof JsonSplitError && error.tooLarge ? tooLarge() : unreadable('is not JSON');
    }
  };
  const item = (itemSchema: TSchema, raw: string): string | undefined => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw unreadable('is not JSON');
    }
    const kept = keepKnown(parsed, itemSchema, text);
    const json = kept === undefined ? undefined : JSON.stringify(kept);
    return json === undefined || carries(json) ? undefined : json;
  };

  // Read until the answer shows its form.
  let first: string[] = [];
  let done = false;
  while (split.form !== 'array' && !done) {
    const next = await iterator.next();
    done = next.done === true;
    first = pushed(done ? decoder.decode() : decoder.decode(next.value, { stream: true }));
  }
  if (split.form !== 'array') {
    let document: string | null;
    try {
      document = split.end();
    } catch {
      throw unreadable('is not JSON');
    }
    const kept = item(schema, document ?? '');
    if (kept === undefined) throw unreadable('is not what the interface answers there, or held a credential');
    return kept;
  }
  const itemSchema = itemSchemaOf(schema);
  if (!itemSchema) {
    await iterator.return?.(undefined);
    throw unreadable('is a list, where the interface answers with one document');
  }

  let written = 0;
  const out = (texts: string[]): string => {
    let piece = '';
    for (const raw of texts) {
      const kept = item(itemSchema, raw);
      if (kept === undefined) continue;
      piece += (written++ === 0 ? '' : ',') + kept;
    }
    return piece;
  };
  // The first items are checked before the answer starts, so that an answer that is not JSON is still a 502.
  let head: string;
  try {
    head = `[${out(first)}`;
  } catch (error) {
    await iterator.return?.(undefined);
    throw error;
  }
  async function* items(): AsyncGenerator<string> {
    try {
      yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const piece = out(pushed(decoder.decode(next.value, { stream: true })));
        if (piece !== '') yield piece;
      }
      const piece = out(pushed(decoder.decode()));
      split.end();
      yield `${piece}]`;
    } finally {
      await iterator.return?.(undefined);
    }
  }
  return Readable.from(items(), { objectMode: false, highWaterMark: 64 * 1024 });
}
