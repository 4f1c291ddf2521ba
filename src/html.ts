const SPECIAL = /[&<>"']/;

/** Escape text for HTML content and attribute values. Kept free of dependencies: many modules need it. */
export function escapeHtml(text: string): string {
  // Most texts (titles, URLs, descriptions) have nothing to escape: one scan, and the same string back.
  if (!SPECIAL.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * The scheme of a URL that runs script or shows a page made of the URL itself (`javascript:`, `vbscript:`, `data:`),
 * read as a browser reads an `href`: tabs and newlines anywhere and leading control characters or spaces are ignored.
 */
export function scriptScheme(url: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, ''))?.[1].toLowerCase();
  return scheme === 'javascript' || scheme === 'vbscript' || scheme === 'data' ? scheme : undefined;
}
