/**
 * JSON text arriving in pieces, split as it comes: a top-level array into the text of each item as soon as the item is
 * complete (so that a list answer of any length is read holding one item at a time), any other document whole. Holds at
 * most `maxChars` of one item or document. Only splits: each text is checked by JSON.parse where it is used.
 */
export interface JsonItems {
  /** Unknown until the first character that is not white space. */
  readonly form: 'unknown' | 'array' | 'document';
  /** The array's items completed by this piece of text. */
  push(text: string): string[];
  /** The whole document (a non-array); null for an array, which must be complete. */
  end(): string | null;
}

export class JsonSplitError extends Error {
  constructor(readonly tooLarge: boolean) {
    super(tooLarge ? 'an item is too large' : 'not valid JSON');
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export function jsonItems(maxChars: number): JsonItems {
  let form: JsonItems['form'] = 'unknown';
  /** After the array's closing bracket: only white space may follow. */
  let closed = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let held: string[] = [];
  let heldChars = 0;
  /** Items completed so far; whether a comma awaits the next one. */
  let count = 0;
  let separated = false;

  const hold = (text: string) => {
    heldChars += text.length;
    if (heldChars > maxChars) throw new JsonSplitError(true);
    if (text !== '') held.push(text);
  };
  const take = (tail: string): string => {
    hold(tail);
    const text = held.join('').trim();
    held = [];
    heldChars = 0;
    return text;
  };

  return {
    get form() {
      return form;
    },
    push(text) {
      const items: string[] = [];
      let from = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
          if (escaped) escaped = false;
          else if (c === BACKSLASH) escaped = true;
          else if (c === QUOTE) inString = false;
          continue;
        }
        if (form === 'unknown') {
          if (isSpace(c)) continue;
          form = c === 0x5b ? 'array' : 'document';
          from = form === 'array' ? i + 1 : i;
          if (form === 'array') continue;
        }
        if (form === 'document') {
          if (c === QUOTE) inString = true;
          continue;
        }
        if (closed) {
          if (!isSpace(c)) throw new JsonSplitError(false);
          continue;
        }
        if (c === QUOTE) inString = true;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if ((c === 0x7d || c === 0x5d) && depth > 0) depth--;
        else if (depth === 0 && (c === 0x2c || c === 0x5d)) {
          const item = take(text.slice(from, i));
          from = i + 1;
          if (item === '') {
            // "[]" is an empty list; "[,", ",," and ",]" are not JSON.
            if (c === 0x2c || separated || count > 0) throw new JsonSplitError(false);
          } else {
            items.push(item);
            count++;
          }
          separated = c === 0x2c;
          if (c === 0x5d) closed = true;
        } else if (c === 0x7d || c === 0x5d) throw new JsonSplitError(false);
      }
      if (form !== 'unknown' && !closed) hold(text.slice(from));
      return items;
    },
    end() {
      if (form === 'document') return take('');
      if (form === 'array' && closed) return null;
      throw new JsonSplitError(false);
    },
  };
}
