import { createHash } from 'node:crypto';

/** First 16 hex digits of the SHA-256 of `text`: content hashes for cache keys and file names. */
export function hashText(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
