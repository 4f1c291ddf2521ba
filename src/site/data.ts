import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Author } from '../../templates/types.ts';
import { postAuthors } from '../../templates/components/util.ts';
import type { ContentDocument } from '../content/types.ts';
import { SitegenError, codeFrame } from '../errors.ts';
import { jsonError, yamlError } from '../content/parse-errors.ts';

/** A file of the data folder as messages name it: from the project root. */
const shown = (root: string, file: string) => relative(root, file).split(sep).join('/');

const AUTHORS_HINT = 'authors.json maps an author id to { "name", "role", "bio" }: { "ada": { "name": "Ada Lovelace", "role": "Engineer" } }.';

/**
 * `site/data/authors.json`: `{ id: { name, role?, bio? } }`. Missing file: no authors. A file that is not such an object
 * fails the build (SG2006) naming the file and, for an entry, the author's id and line: the theme shows every name.
 */
export async function readAuthors(dataDir: string, root: string): Promise<Record<string, Author>> {
  const file = join(dataDir, 'authors.json');
  if (!existsSync(file)) return {};
  const text = await readFile(file, 'utf8');
  const problem = (message: string, line?: number) =>
    new SitegenError('SG2006', `Invalid authors file: ${message}`, {
      location: { file: shown(root, file), line },
      ...(line ? { frame: codeFrame(text, line) } : {}),
      hint: AUTHORS_HINT,
    });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw jsonError({ file, rel: 'authors.json', display: shown(root, file) }, text, error as Error);
  }
  if (!isRecord(raw)) throw problem(`expected an object of authors by id, received ${describe(raw)}`);
  const authors: Record<string, Author> = {};
  for (const [id, entry] of Object.entries(raw)) {
    const why = authorProblem(entry);
    if (why) throw problem(`author "${id}" ${why}`, lineOfKey(text, id));
    authors[id] = { ...(entry as Omit<Author, 'id'>), id };
  }
  return authors;
}

/** Why an entry of authors.json is not an author, or undefined. */
function authorProblem(entry: unknown): string | undefined {
  if (!isRecord(entry)) return `is ${describe(entry)}, not an object with a "name"`;
  if (typeof entry.name !== 'string' || !entry.name.trim()) return `has no "name" (received ${describe(entry.name)})`;
  const field = ['role', 'bio'].find((key) => entry[key] !== undefined && typeof entry[key] !== 'string');
  return field ? `has a "${field}" that is not text (received ${describe(entry[field])})` : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const describe = (value: unknown) => (value === undefined ? 'nothing' : Array.isArray(value) ? 'a list' : JSON.stringify(value));

/** The 1-based line where the text first writes `"key"`, if it does. */
function lineOfKey(text: string, key: string): number | undefined {
  const index = text.indexOf(JSON.stringify(key));
  return index < 0 ? undefined : text.slice(0, index).split('\n').length;
}

/** Author ids (`author:` or `authors:`) naming no entry of authors.json (SG2011): the byline leaves them out. Only these files are read again, for the line. */
export async function unknownAuthors(docs: ContentDocument[], authors: Record<string, Author>, root: string, drafts: boolean): Promise<SitegenError[]> {
  const unknown = docs
    .filter((doc) => !doc._partial && (drafts || !doc.draft))
    .flatMap((doc) => postAuthors(doc.frontmatter).flatMap((author) => (Object.hasOwn(authors, author) ? [] : [{ doc, author }])));
  const known = Object.keys(authors);
  return Promise.all(
    unknown.map(async ({ doc, author }) => {
      let line: number | undefined;
      try {
        const text = await readFile(isAbsolute(doc._source) ? doc._source : join(root, doc._source), 'utf8');
        const key = Object.hasOwn(doc.frontmatter, 'authors') ? 'authors' : 'author';
        const lines = text.split('\n');
        const index = lines.findIndex((l) => new RegExp(`^${key}\\s*:`).test(l));
        // A list written one id a line: the line of that id.
        const item = index === -1 ? -1 : lines.findIndex((l, i) => i > index && new RegExp(`^\\s*-\\s*['"]?${escapeRegExp(author)}['"]?\\s*$`).test(l));
        if (index !== -1) line = (item !== -1 ? item : index) + 1;
      } catch {
        /* the file went away: no line */
      }
      return new SitegenError('SG2011', `Unknown author ${JSON.stringify(author)}: the page shows no byline for them`, {
        location: { file: doc._source, line },
        hint: known.length
          ? `Use one of the ids in site/data/authors.json (${known.slice(0, 5).join(', ')}${known.length > 5 ? ', …' : ''}), or add "${author}" there.`
          : `Add site/data/authors.json: { "${author}": { "name": "…", "role": "…" } }. \`author:\` names an id in that file.`,
      });
    }),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The data files a page module's `paths()` reads: `site/data/*.json`, `*.yaml` and `*.yml`, by name without the
 * extension (`data.products`). A file that does not parse is a problem at its line (SG2006), its entry left out.
 */
export async function readData(dataDir: string, root: string): Promise<{ values: Record<string, unknown>; errors: SitegenError[] }> {
  const values: Record<string, unknown> = {};
  const errors: SitegenError[] = [];
  const given = new Map<string, string>();
  for (const { name, key, file } of await dataFiles(dataDir)) {
    // products.json beside products.yaml: which one the pages get would be a matter of names' order.
    const first = given.get(key);
    if (first) {
      errors.push(
        new SitegenError('SG2006', `${first} and ${name} both give data.${key}`, {
          location: { file: shown(root, file) },
          hint: 'Keep one of them (a file left behind after converting it?), or rename one to give another key.',
        }),
      );
      continue;
    }
    given.set(key, name);
    const text = await readFile(file, 'utf8');
    try {
      // js-yaml loads only for a YAML file: the main thread of a build otherwise never needs it.
      values[key] = name.endsWith('.json') ? JSON.parse(text) : (await import('../content/yaml.ts')).loadYaml(text);
    } catch (error) {
      // At the line and column the parser names, as for a data document in content/.
      const source = { file, rel: name, display: shown(root, file) };
      errors.push(name.endsWith('.json') ? jsonError(source, text, error as Error) : yamlError(source, text, error));
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
