import { describe, expect, it } from 'vitest';
import { parseLog } from '../../../src/content/git-log.ts';

/** `git log -z --name-status --format=%x1e%ct%x1f%P` output: commits newest first, each with its changes. */
function log(commits: { time: number; parents?: string; changes: string[][] }[]): string {
  return commits.map((c) => `\x1e${c.time}\x1f${c.parents ?? 'p'}\0\n${c.changes.map((change) => change.join('\0')).join('\0')}\0`).join('');
}

describe('parseLog', () => {
  it('dates each file by the newest commit that added or changed it', () => {
    const out = log([
      { time: 300, changes: [['M', 'a.md']] },
      {
        time: 200,
        changes: [
          ['M', 'b.md'],
          ['M', 'a.md'],
        ],
      },
      {
        time: 100,
        parents: '',
        changes: [
          ['A', 'a.md'],
          ['A', 'b.md'],
          ['A', 'c.md'],
        ],
      },
    ]);
    const { dates, cut } = parseLog(out, false);
    expect(Object.fromEntries(dates)).toEqual({ 'a.md': 300, 'b.md': 200, 'c.md': 100 });
    expect(cut).toEqual([]);
  });

  it('keeps paths with spaces, quotes, newlines and any script as they are', () => {
    const names = ['docs/one page.md', 'docs/"quoted".md', 'docs/ünï 日本.md', 'docs/line\nbreak.md', '\x1estrange.md'];
    const { dates } = parseLog(log([{ time: 5, changes: names.map((n) => ['A', n]) }]), false);
    expect([...dates.keys()]).toEqual(names);
  });

  it('follows a pure rename to the last edit under the old name, across renames in a row', () => {
    const out = log([
      { time: 400, changes: [['R100', 'b.md', 'c.md']] },
      { time: 300, changes: [['R100', 'a.md', 'b.md']] },
      { time: 200, changes: [['M', 'a.md']] },
      { time: 100, changes: [['A', 'a.md']] },
    ]);
    const { dates } = parseLog(out, false);
    expect(Object.fromEntries(dates)).toEqual({ 'c.md': 200 });
  });

  it('gives a file made again under an old name its own date, and the renamed one the old history', () => {
    const out = log([
      { time: 400, changes: [['A', 'a.md']] },
      { time: 300, changes: [['R100', 'a.md', 'b.md']] },
      { time: 100, changes: [['A', 'a.md']] },
    ]);
    expect(Object.fromEntries(parseLog(out, false).dates)).toEqual({ 'a.md': 400, 'b.md': 100 });
  });

  it('gives no date to a file deleted at HEAD, even when older commits changed it', () => {
    const out = log([
      { time: 300, changes: [['D', 'gone.md']] },
      {
        time: 200,
        changes: [
          ['M', 'gone.md'],
          ['M', 'kept.md'],
        ],
      },
    ]);
    expect(Object.fromEntries(parseLog(out, false).dates)).toEqual({ 'kept.md': 200 });
  });

  it('in a shallow clone, dates files changed inside the fetched history and cuts off those only the boundary commit lists', () => {
    const out = log([
      {
        time: 300,
        changes: [
          ['M', 'a.md'],
          ['R100', 'old.md', 'new.md'],
        ],
      },
      {
        time: 200,
        parents: '',
        changes: [
          ['A', 'a.md'],
          ['A', 'b.md'],
          ['A', 'old.md'],
        ],
      },
    ]);
    const { dates, cut } = parseLog(out, true);
    expect(Object.fromEntries(dates)).toEqual({ 'a.md': 300 });
    expect(cut.sort()).toEqual(['b.md', 'new.md']);
  });

  it('dates a root commit of a full clone: it really added its files', () => {
    const { dates, cut } = parseLog(log([{ time: 100, parents: '', changes: [['A', 'a.md']] }]), false);
    expect(Object.fromEntries(dates)).toEqual({ 'a.md': 100 });
    expect(cut).toEqual([]);
  });

  it('reads an empty history and a commit without changes', () => {
    expect(parseLog('', false).dates.size).toBe(0);
    expect(Object.fromEntries(parseLog(`\x1e50\x1fp\0\x1e40\x1fp\0\nA\0x.md\0`, false).dates)).toEqual({ 'x.md': 40 });
  });
});
