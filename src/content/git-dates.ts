/**
 * `lastUpdated: 'git'`: each document's `updated` from the last commit that changed it (front matter `updated:` wins).
 * One `git log` per commit: the result is kept in `.sitegen-cache/git-dates.json` under HEAD's hash, so a build at the
 * same commit runs only `git rev-parse`. Commit dates only (uncommitted edits do not count): the same commit gives the
 * same dates on any machine.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readJson, writeJson } from '../cache/json-file.ts';
import { SitegenError } from '../errors.ts';
import { hashText } from '../hash.ts';
import { GitUnavailable, logDates, repoInfo } from './git-log.ts';
import type { ContentDocument } from './types.ts';

export interface GitDates {
  /** Content-relative path → the time of the last commit that changed it, in seconds. */
  dates: Record<string, number>;
  /** Content files a shallow clone's history cuts off: no date, since the true one may be older than the clone. */
  cut: string[];
  /** Why git gave no dates at all (not installed, not a repository, no commit yet). */
  unavailable?: string;
}

interface CacheFile {
  key: string;
  dates: Record<string, number>;
  cut: string[];
}

const CACHE_FILE = 'git-dates.json';
const NONE: GitDates = { dates: {}, cut: [] };

/** The dates of the content folder's files, from the cache when HEAD has not moved. Never throws: git's absence is `unavailable`. */
export async function readGitDates(contentDir: string, cacheDir: string): Promise<GitDates> {
  if (!existsSync(contentDir)) return NONE;
  try {
    const repo = await repoInfo(contentDir);
    const key = hashText(JSON.stringify([1, repo.head, repo.top, repo.prefix, repo.shallow]));
    const file = join(cacheDir, CACHE_FILE);
    const cached = await readJson<CacheFile>(file);
    if (cached?.key === key && cached.dates && typeof cached.dates === 'object' && Array.isArray(cached.cut)) return { dates: cached.dates, cut: cached.cut };
    const log = await logDates(repo);
    // Paths inside the content folder (the log was limited to it), relative to it as the sources are.
    const dates: Record<string, number> = {};
    for (const [path, time] of log.dates) if (path.startsWith(repo.prefix)) dates[path.slice(repo.prefix.length)] = time;
    const cut = log.cut.filter((path) => path.startsWith(repo.prefix)).map((path) => path.slice(repo.prefix.length));
    await writeJson(file, { key, dates, cut }, true).catch(() => undefined); // a cache that cannot be written costs a git log next time
    return { dates, cut };
  } catch (error) {
    if (error instanceof GitUnavailable) return { ...NONE, unavailable: error.message };
    throw error;
  }
}

/** What enters the build id: each source's git date (a new commit that changes one makes a new build). */
export function gitDatesKey(git: GitDates, rels: string[]): string {
  return hashText(rels.map((rel) => git.dates[rel] ?? '').join(','));
}

/** The document with its last commit's date as `updated`, unless its front matter sets `updated:` or git knows no date. */
export function withGitDate(doc: ContentDocument, git: GitDates, rel: string): ContentDocument {
  const time = git.dates[rel];
  if (time === undefined || doc.frontmatter.updated !== undefined) return doc;
  return { ...doc, updated: new Date(time * 1000).toISOString() };
}

/** Said in the message too: a warning prints on one line, without its hint. */
const FULL_HISTORY = 'fetch the whole history (`git fetch --unshallow`; in GitHub Actions, `fetch-depth: 0` for actions/checkout)';

/** Whether a document takes its date from git: a page (no partial) without `updated:` in its front matter. */
export function wantsGitDate(doc: ContentDocument): boolean {
  return !doc._partial && doc.frontmatter.updated === undefined;
}

/**
 * SG2017 (`checks.gitHistory`) when git gave no dates, or a shallow clone left some of these documents without one.
 * `rels`: the content files whose documents take their date from git (wantsGitDate).
 */
export function gitDatesProblem(git: GitDates, rels: string[], contentDisplay: string): SitegenError | undefined {
  const location = { file: contentDisplay };
  if (git.unavailable) {
    return new SitegenError('SG2017', `No "last updated" dates from git: ${git.unavailable}`, {
      location,
      hint: "`lastUpdated: 'git'` reads the history of the git repository holding the content. Build in a clone with git installed, or set `lastUpdated: false`; front matter `updated:` applies either way.",
    });
  }
  if (!git.cut.length) return undefined;
  const wanted = new Set(rels);
  const cut = git.cut.filter((rel) => wanted.has(rel)).sort();
  if (!cut.length) return undefined;
  const count = cut.length === 1 ? '1 content file shows' : `${cut.length} content files show`;
  const of = cut.length < rels.length ? ` (of ${rels.length} dated by git)` : '';
  const files = `${cut.slice(0, 3).join(', ')}${cut.length > 3 ? ', …' : ''}`;
  return new SitegenError('SG2017', `Shallow clone: ${count} no "last updated" date${of}, as the history is cut off (${files}); ${FULL_HISTORY}`, {
    location,
    hint: "A file whose last change is in the fetched history keeps its date; the others show none rather than the clone's date. `checks.gitHistory` sets whether this warns (default), fails the build or is not checked.",
  });
}
