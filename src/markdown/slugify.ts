/**
 * GitHub-style heading ids: lower case, accents stripped, only a-z 0-9 space and -, spaces to -.
 * A heading with nothing left (`## 日本語`, `## !!!`) gets `section`; duplicates are numbered.
 */
export function slugify(text: string): string {
  return (
    text
    .trim()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '') || 'section'
  );
}
