/**
 * A content file's bytes as text: UTF-8, or UTF-16 by its byte-order mark. A NUL byte without a mark means no text;
 * invalid bytes become U+FFFD and are reported with their line.
 */
import { isUtf8 } from 'node:buffer';
import { hashText } from '../hash.ts';

export interface DecodeIssue {
  /** `binary`: no text (NUL bytes); `utf32`: a UTF-32 mark; `invalid`: U+FFFD put in for bad bytes. */
  kind: 'binary' | 'utf16-no-bom' | 'utf32' | 'invalid';
  /** 1-based line of the first NUL or bad byte. */
  line: number;
  /** The encoding the bytes were read as. */
  encoding: 'UTF-8' | 'UTF-16LE' | 'UTF-16BE';
  /** The first bad byte, in hex (`0xE9`), for `invalid` UTF-8. */
  byte?: string;
}

export interface DecodedText {
  /** The text; undefined when the bytes are no text (see `issue`). */
  text: string | undefined;
  /** Hash of the bytes: the document's identity whatever its encoding. */
  hash: string;
  issue?: DecodeIssue;
}

/** The 1-based line of offset `end`. */
function lineAt(bytes: Uint8Array, end: number): number {
  let line = 1;
  for (let i = 0; i < end; i++) if (bytes[i] === 10) line++;
  return line;
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence, or -1. */
export function firstInvalidUtf8(b: Uint8Array): number {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    const need = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    if (!need || i + need >= n) return i;
    const c1 = b[i + 1];
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f) || (c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) return i;
    for (let k = 1; k <= need; k++) if ((b[i + k] & 0xc0) !== 0x80) return i;
    i += need + 1;
  }
  return -1;
}

/** UTF-16 code units (after the mark) as text; lone surrogates and an odd last byte become U+FFFD. */
function decodeUtf16(b: Uint8Array, bigEndian: boolean): { text: string; bad: number } {
  const le = Buffer.from(b.subarray(0, b.length - (b.length % 2)));
  if (bigEndian) le.swap16();
  let text = new TextDecoder('utf-16le').decode(le);
  if (b.length % 2) text += '\ufffd';
  // The first code unit that is half of a pair without its other half (the decoder put U+FFFD there).
  let bad = -1;
  for (let i = 0; i < le.length; i += 2) {
    const unit = le[i] | (le[i + 1] << 8);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = i + 3 < le.length ? le[i + 2] | (le[i + 3] << 8) : -1;
      if (next >= 0xdc00 && next <= 0xdfff) i += 2;
      else {
        bad = i / 2;
        break;
      }
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      bad = i / 2;
      break;
    }
  }
  if (bad === -1 && b.length % 2) bad = text.length - 1;
  return { text, bad };
}

/** Mostly NULs at odd offsets (or at even ones): ASCII written as UTF-16 LE (or BE) without a mark. */
function looksUtf16(b: Uint8Array): boolean {
  const sample = Math.min(b.length - (b.length % 2), 4096);
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample; i += 2) {
    if (b[i] === 0) even++;
    if (b[i + 1] === 0) odd++;
  }
  const pairs = sample / 2;
  return pairs > 0 && (odd > pairs * 0.6 || even > pairs * 0.6) && Math.min(odd, even) < pairs * 0.1;
}

export function decodeSource(bytes: Uint8Array, hash = hashText(bytes)): DecodedText {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if ((b0 === 0xff && b1 === 0xfe && bytes[2] === 0 && bytes[3] === 0) || (b0 === 0 && b1 === 0 && bytes[2] === 0xfe && bytes[3] === 0xff)) {
    return { text: undefined, hash, issue: { kind: 'utf32', line: 1, encoding: 'UTF-8' } };
  }
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) {
    const encoding = b0 === 0xff ? 'UTF-16LE' : 'UTF-16BE';
    const { text, bad } = decodeUtf16(bytes.subarray(2), encoding === 'UTF-16BE');
    if (bad === -1) return { text, hash };
    return { text, hash, issue: { kind: 'invalid', line: text.slice(0, bad).split('\n').length, encoding } };
  }
  const body = b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const nul = buffer.indexOf(0);
  if (nul !== -1)
    return { text: undefined, hash, issue: { kind: looksUtf16(buffer) ? 'utf16-no-bom' : 'binary', line: lineAt(buffer, nul), encoding: 'UTF-8' } };
  const text = buffer.toString('utf8');
  if (isUtf8(buffer)) return { text, hash };
  const at = firstInvalidUtf8(buffer);
  const byte = at === -1 ? undefined : `0x${buffer[at].toString(16).toUpperCase().padStart(2, '0')}`;
  return { text, hash, issue: { kind: 'invalid', line: at === -1 ? 1 : lineAt(buffer, at), encoding: 'UTF-8', ...(byte ? { byte } : {}) } };
}
