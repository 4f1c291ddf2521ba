/**
 * A component tag in markdown, read strictly and without running anything: `<Card title="Tunnels" count={3} wide />`.
 * Props are `"…"`/`'…'` strings, a bare name (true), or `{…}` holding one JSON-like literal (numbers, booleans, null,
 * strings in either quotes, arrays, objects with bare or quoted keys, trailing commas).
 */

export type PropValue = string | number | boolean | null | PropValue[] | { [key: string]: PropValue };

export interface ComponentTag {
  name: string;
  props: Record<string, PropValue>;
  /** `<Name … />` */
  selfClosing: boolean;
  /** Just past the tag's `>`. */
  end: number;
}

/** Why a tag could not be read, and where (an offset in the source). */
export interface TagError {
  error: string;
  at: number;
}

/** Props a component never takes from a writer: React's own, and event handlers (no code from markdown). */
const REFUSED = /^(?:children|key|ref|dangerouslySetInnerHTML|on[A-Z].*)$/;

const NAME = /[A-Z][A-Za-z0-9]*/y;
const PROP_NAME = /[A-Za-z_][A-Za-z0-9_-]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const IDENT = /[A-Za-z_$][A-Za-z0-9_$]*/y;
const MAX_DEPTH = 20;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function sticky(re: RegExp, src: string, pos: number): string | undefined {
  re.lastIndex = pos;
  const m = re.exec(src);
  return m ? m[0] : undefined;
}

/** `<` and a capitalised name, at `pos`: the name, or undefined when the text there is not tag-shaped. */
export function tagName(src: string, pos: number): string | undefined {
  if (src.charCodeAt(pos) !== 0x3c) return undefined;
  const name = sticky(NAME, src, pos + 1);
  if (!name) return undefined;
  const next = src.charCodeAt(pos + 1 + name.length);
  return isSpace(next) || next === 0x3e /* > */ || next === 0x2f /* / */ ? name : undefined;
}

/** The closing tag `</Name>` at `pos`: its end, else -1. */
export function closingTagEnd(src: string, pos: number, name: string): number {
  const text = `</${name}`;
  if (!src.startsWith(text, pos)) return -1;
  let i = pos + text.length;
  while (i < src.length && isSpace(src.charCodeAt(i))) i++;
  return src.charCodeAt(i) === 0x3e ? i + 1 : -1;
}

class Reader {
  pos: number;
  constructor(
    readonly src: string,
    pos: number,
    readonly max: number,
  ) {
    this.pos = pos;
  }

  spaces(): void {
    while (this.pos < this.max && isSpace(this.src.charCodeAt(this.pos))) this.pos++;
  }

  fail(error: string, at = this.pos): never {
    throw { error, at } satisfies TagError;
  }

  /** A quoted string; `json`: with JSON's escapes (inside `{…}`), else as written up to the closing quote. */
  string(json: boolean): string {
    const quote = this.src[this.pos];
    const start = this.pos;
    let out = '';
    for (let i = this.pos + 1; i < this.max; i++) {
      const c = this.src[i];
      if (c === quote) {
        this.pos = i + 1;
        return out;
      }
      if (json && c === '\n') break;
      if (json && c === '\\') {
        const e = this.src[++i];
        const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '/': '/', '\\': '\\', '"': '"', "'": "'" };
        if (e in simple) out += simple[e];
        else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.src.slice(i + 1, i + 5))) {
          out += String.fromCharCode(Number.parseInt(this.src.slice(i + 1, i + 5), 16) || 0xfffd);
          i += 4;
        } else this.fail(`a string has an unknown escape \\${e ?? ''}`, i - 1);
        continue;
      }
      // NUL as markdown-it reads it: U+FFFD (a NUL marks HTML in the component render).
      out += c === '\u0000' ? '\uFFFD' : c;
    }
    return this.fail('a string is not closed', start);
  }

  /** One JSON-like literal. */
  value(depth: number): PropValue {
    if (depth > MAX_DEPTH) this.fail(`values nest more than ${MAX_DEPTH} levels deep`);
    this.spaces();
    const c = this.src[this.pos];
    if (c === '"' || c === "'") return this.string(true);
    if (c === '[') return this.list(depth);
    if (c === '{') return this.object(depth);
    const number = sticky(NUMBER, this.src, this.pos);
    if (number && this.pos + number.length <= this.max) {
      this.pos += number.length;
      return Number(number);
    }
    const word = sticky(IDENT, this.src, this.pos);
    if (word === 'true' || word === 'false' || word === 'null') {
      this.pos += word.length;
      return word === 'true' ? true : word === 'false' ? false : null;
    }
    return this.fail(word ? `\`${word}\` is not a value (props take strings, numbers, booleans, null, arrays and objects, never code)` : 'a value is missing');
  }

  /** Items up to `close`, separated by commas, a trailing comma allowed. */
  items(close: string, item: () => void): void {
    this.pos++;
    for (;;) {
      this.spaces();
      if (this.src[this.pos] === close) {
        this.pos++;
        return;
      }
      item();
      this.spaces();
      const c = this.src[this.pos];
      if (c === ',') this.pos++;
      else if (c !== close) this.fail(this.pos >= this.max ? `\`${close}\` is missing` : `expected \`,\` or \`${close}\``);
    }
  }

  list(depth: number): PropValue[] {
    const out: PropValue[] = [];
    this.items(']', () => out.push(this.value(depth + 1)));
    return out;
  }

  object(depth: number): { [key: string]: PropValue } {
    const out: { [key: string]: PropValue } = {};
    this.items('}', () => {
      const c = this.src[this.pos];
      const key = c === '"' || c === "'" ? this.string(true) : sticky(IDENT, this.src, this.pos);
      if (key === undefined) this.fail('expected a key');
      if (c !== '"' && c !== "'") this.pos += key.length;
      this.spaces();
      if (this.src[this.pos] !== ':') this.fail('expected `:` after a key');
      this.pos++;
      // A plain object, so `__proto__` is a key like any other.
      Object.defineProperty(out, key, { value: this.value(depth + 1), enumerable: true, writable: true, configurable: true });
    });
    return out;
  }
}

/** Read the tag at `pos` (where `tagName` found a name): the tag, or what is wrong with it. `max`: where the text ends. */
export function readTag(src: string, pos: number, max = src.length): ComponentTag | TagError {
  const name = tagName(src, pos);
  if (!name) return { error: 'not a component tag', at: pos };
  const r = new Reader(src, pos + 1 + name.length, max);
  const props: Record<string, PropValue> = {};
  try {
    for (;;) {
      r.spaces();
      if (r.pos >= max) r.fail(`<${name}> is not closed with \`>\``, pos);
      const c = src[r.pos];
      if (c === '>') return { name, props, selfClosing: false, end: r.pos + 1 };
      if (c === '/' && src[r.pos + 1] === '>') return { name, props, selfClosing: true, end: r.pos + 2 };
      const prop = sticky(PROP_NAME, src, r.pos) ?? r.fail(`expected a prop name, \`>\` or \`/>\` in <${name}>`);
      if (REFUSED.test(prop)) r.fail(`the prop \`${prop}\` cannot be set from markdown`);
      if (Object.hasOwn(props, prop)) r.fail(`the prop \`${prop}\` is given twice`);
      const propAt = r.pos;
      r.pos += prop.length;
      r.spaces();
      let value: PropValue = true;
      if (src[r.pos] === '=') {
        r.pos++;
        r.spaces();
        const q = src[r.pos];
        if (q === '"' || q === "'") value = r.string(false);
        else if (q === '{') {
          r.pos++;
          value = r.value(0);
          r.spaces();
          if (src[r.pos] !== '}') r.fail(`the value of \`${prop}\` has more than one literal, or its \`}\` is missing`);
          r.pos++;
        } else r.fail(`the value of \`${prop}\` must be "a string" or a {literal}`, propAt);
      }
      Object.defineProperty(props, prop, { value, enumerable: true, writable: true, configurable: true });
    }
  } catch (error) {
    if (error && typeof error === 'object' && 'error' in error) return error as TagError;
    throw error;
  }
}

export function isTagError(value: ComponentTag | TagError): value is TagError {
  return 'error' in value;
}
