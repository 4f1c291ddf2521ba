import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
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

/**
 * The data files a page module's `paths()` reads: `site/data/*.json`, `*.yaml` and `*.yml`, by name without the
 * extension (`data.products`). A file that does not parse is a problem naming it (SG2006), its entry left out.
 */
export async function readData(dataDir: string): Promise<{ values: Record<string, unknown>; errors: SitegenError[] }> {
  const values: Record<string, unknown> = {};
  const errors: SitegenError[] = [];
  for (const { name, key, file } of await dataFiles(dataDir)) {
    try {
      const text = await readFile(file, 'utf8');
      // js-yaml loads only for a YAML file: the main thread of a build otherwise never needs it.
      values[key] = name.endsWith('.json') ? JSON.parse(text) : (await import('../content/yaml.ts')).loadYaml(text);
    } catch (error) {
      errors.push(
        new SitegenError('SG2006', `Invalid data file: ${(error as Error).message}`, {
          location: { file },
          hint: "A data file is JSON (.json) or YAML (.yaml, .yml); its name is its key in paths()' data.",
        }),
      );
    }
  }
  return { values, errors };
}

/** The data files `paths()` reads (`*.json`, `*.yaml`, `*.yml` directly in the data folder), sorted by name. */
async function dataFiles(dataDir: string): Promise<{ name: string; key: string; file: string }[]> {
  if (!existsSync(dataDir)) return [];
  const entries = await readdir(dataDir, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(json|ya?ml)$/.test(e.name))
    .map((e) => ({ name: e.name, key: e.name.replace(/\.(json|ya?ml)$/, ''), file: join(dataDir, e.name) }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** A hash of the data files' names and bytes: part of the build id, so a data change is never "nothing changed". */
export async function dataDigest(dataDir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const { name, file } of await dataFiles(dataDir))
    hash
      .update(`${name}\u0000`)
      .update(await readFile(file))
      .update('\u0000');
  return hash.digest('hex').slice(0, 16);
}
