import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { Author } from '../../templates/types.ts';
import type { ContentDocument } from '../content/types.ts';
import { SitegenError } from '../errors.ts';

/** `site/data/authors.json`: `{ id: { name, role, bio? } }`. Missing file: no authors. */
export async function readAuthors(dataDir: string): Promise<Record<string, Author>> {
  const file = join(dataDir, 'authors.json');
  if (!existsSync(file)) return {};
  try {
    const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, Omit<Author, 'id'> & { id?: string }>;
    return Object.fromEntries(Object.entries(raw).map(([id, a]) => [id, { ...a, id }]));
  } catch (error) {
    throw new SitegenError('SG2006', `Invalid authors file: ${(error as Error).message}`, {
      location: { file },
      hint: 'authors.json maps an author id to { "name", "role", "bio" }.',
    });
  }
}

/** `author:` values naming no entry of authors.json (SG2011): the page shows no byline. Only these files are read again, for the line. */
export async function unknownAuthors(docs: ContentDocument[], authors: Record<string, Author>, root: string, drafts: boolean): Promise<SitegenError[]> {
  const unknown = docs.filter((doc) => {
    const author = doc.frontmatter.author;
    return typeof author === 'string' && author.trim() !== '' && !Object.hasOwn(authors, author) && !doc._partial && (drafts || !doc.draft);
  });
  const known = Object.keys(authors);
  return Promise.all(
    unknown.map(async (doc) => {
      const author = doc.frontmatter.author as string;
      let line: number | undefined;
      try {
        const text = await readFile(isAbsolute(doc._source) ? doc._source : join(root, doc._source), 'utf8');
        const index = text.split('\n').findIndex((l) => /^author\s*:/.test(l));
        if (index !== -1) line = index + 1;
      } catch {
        /* the file went away: no line */
      }
      return new SitegenError('SG2011', `Unknown author ${JSON.stringify(author)}: the page shows no byline`, {
        location: { file: doc._source, line },
        hint: known.length
          ? `Use one of the ids in site/data/authors.json (${known.slice(0, 5).join(', ')}${known.length > 5 ? ', …' : ''}), or add "${author}" there.`
          : `Add site/data/authors.json: { "${author}": { "name": "…", "role": "…" } }. \`author:\` names an id in that file.`,
      });
    }),
  );
}
