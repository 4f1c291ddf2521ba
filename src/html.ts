const SPECIAL = /[&<>"']/;

/** Escape text for HTML content and attribute values. Kept free of dependencies: many modules need it. */
export function escapeHtml(text: string): string {
  // Most texts (titles, URLs, descriptions) have nothing to escape: one scan, and the same string back.
  if (!SPECIAL.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
