/**
 * The last commit that changed each file, from one `git log` over the content folder: one process for the whole site,
 * never one per file. Paths arrive NUL-separated (`-z`), so spaces, quotes and any script pass as they are.
 */
import { execFile } from 'node:child_process';

/** What the repository around a folder says of itself (`git rev-parse`). */
export interface RepoInfo {
  /** The repository's top folder. */
  top: string;
  /** The folder's path inside it, with a trailing `/` ('' at the top). */
  prefix: string;
  head: string;
  shallow: boolean;
}

/** Each file's newest commit time (seconds), and the files whose history a shallow clone cuts off (their date is unknown). */
export interface LogDates {
  dates: Map<string, number>;
  cut: string[];
}

/** A git that could not answer: not installed, not a repository, no commit yet. */
export class GitUnavailable extends Error {
  override name = 'GitUnavailable';
}

/** Paths may hold anything a file name may: git's own settings must not change what it prints. */
const QUIET = ['-c', 'core.quotePath=false', '-c', 'log.showSignature=false', '-c', 'color.ui=false', '--literal-pathspecs'];

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', [...QUIET, ...args], { cwd, encoding: 'buffer', maxBuffer: 1 << 30, windowsHide: true }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout.toString('utf8'));
      const code = (error as NodeJS.ErrnoException).code;
      const said = stderr
        .toString('utf8')
        .trim()
        .split('\n')[0]
        .replace(/^fatal: /, '');
      reject(new GitUnavailable(code === 'ENOENT' ? 'git is not installed (no `git` on the PATH)' : said || error.message));
    });
  });
}

/** The repository holding `dir`: its top folder, `dir`'s place in it, HEAD and whether the clone is shallow. One process. */
export async function repoInfo(dir: string): Promise<RepoInfo> {
  const out = await git(dir, ['rev-parse', '--show-toplevel', '--show-prefix', '--is-shallow-repository', '--verify', 'HEAD']);
  const [top, prefix, shallow, head] = out.split('\n');
  if (!head || !/^[0-9a-f]{40,64}$/.test(head)) throw new GitUnavailable('the repository has no commit yet');
  return { top, prefix, head, shallow: shallow === 'true' };
}

/** One `git log` over `prefix` (the whole repository when ''), parsed (parseLog). */
export async function logDates(repo: RepoInfo): Promise<LogDates> {
  // Only exact renames (-M100%): a file moved without an edit keeps the date of its last edit.
  const args = ['log', '-z', '--no-merges', '-M100%', '--name-status', '--format=%x1e%ct%x1f%P', repo.head];
  if (repo.prefix) args.push('--', repo.prefix);
  return parseLog(await git(repo.top, args), repo.shallow);
}

/**
 * Read `git log -z --name-status --format=%x1e%ct%x1f%P`, newest commit first. A file's date is that of the newest commit
 * that added or changed it. A pure rename (R100) is followed: the file keeps the date of the last edit under its old name.
 * A file deleted at HEAD gets none. In a shallow clone, the oldest commits present stand without their parents and list
 * every file as added: a file whose newest change is such a commit may be older, so it gets no date (`cut`).
 */
export function parseLog(output: string, shallow: boolean): LogDates {
  const dates = new Map<string, number>();
  const cut: string[] = [];
  /** Paths decided (dated, deleted or cut): older commits say nothing new about them. */
  const done = new Set<string>();
  /** An old name → the file it was renamed to (a later name), whose last edit is to be found under the old name; and when. */
  const renamed = new Map<string, { to: string; time: number }>();
  let time = 0;
  let boundary = false;
  const settle = (path: string, dated: boolean) => {
    done.add(path);
    if (!dated) return;
    if (boundary) cut.push(path);
    else dates.set(path, time);
  };
  const tokens = output.split('\0');
  for (let i = 0; i < tokens.length; i++) {
    let token = tokens[i];
    if (token.startsWith('\n')) token = token.slice(1);
    if (!token) continue;
    if (token.charCodeAt(0) === 0x1e) {
      const [seconds, parents] = token.slice(1).split('\x1f');
      time = Number(seconds);
      boundary = shallow && !parents?.trim();
      continue;
    }
    const status = token[0];
    if (status === 'R') {
      const from = tokens[++i];
      const to = tokens[++i];
      // Renamed again later: the later name is what the old one leads to.
      const later = renamed.get(to) ?? (done.has(to) ? undefined : { to, time });
      renamed.delete(to);
      if (later) renamed.set(from, later);
      else done.add(from); // gone from here on, unless made again by a newer commit (then done already)
      continue;
    }
    if (status === 'C') i++; // a copy (only with -C): its new name, as if added
    const path = tokens[++i];
    if (path === undefined) break;
    const target = renamed.get(path)?.to;
    if (target === undefined) {
      if (!done.has(path)) settle(path, status !== 'D');
      continue;
    }
    // The last edit under the old name: the renamed file's date. The old name itself is gone after the rename.
    renamed.delete(path);
    if (!done.has(target)) settle(target, status !== 'D');
    done.add(path);
  }
  // Renamed from a name this history never shows: cut off (unknown), else the rename is all there is to go by.
  for (const { to, time } of renamed.values()) {
    if (done.has(to)) continue;
    if (shallow) cut.push(to);
    else dates.set(to, time);
  }
  return { dates, cut };
}
