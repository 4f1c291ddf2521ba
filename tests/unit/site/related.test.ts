import { describe, expect, it } from 'vitest';
import { computeRelated } from '../../../src/site/collections.ts';
import type { PostSummary } from '../../../templates/types.ts';

/** The rule, written plainly: most shared tags first, then the newer post (lower index). */
function reference(posts: PostSummary[], limit: number): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const tagged = new Map<string, PostSummary[]>();
  const withTag = (t: string) =>
    tagged.get(t) ??
    tagged
      .set(
        t,
        posts.filter((p) => p.tags.includes(t)),
      )
      .get(t)!;
  posts.forEach((post, i) => {
    const scored = posts
      .map((other, j) => ({ j, score: j === i ? 0 : other.tags.filter((t) => post.tags.includes(t) && withTag(t).indexOf(other) < 200).length }))
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.j - b.j);
    out.set(
      post.path,
      scored.slice(0, limit).map((s) => posts[s.j].path),
    );
  });
  return out;
}

function posts(count: number, seed: number): PostSummary[] {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) % 2147483648), x / 2147483648);
  const tags = ['tunnels', 'cron', 'bins', 'security', 'release', 'guide'];
  return Array.from(
    { length: count },
    (_, i) =>
      ({
        path: `/blog/p${i}`,
        title: `Post ${i}`,
        date: '2020-01-01',
        tags: tags.filter(() => next() < 0.35),
      }) as unknown as PostSummary,
  );
}

describe('related posts', () => {
  it('ranks by shared tags, newest first among equals, for any limit', () => {
    for (const seed of [1, 7, 42]) {
      const list = posts(60, seed);
      for (const limit of [0, 1, 3, 5]) {
        const got = computeRelated(list, limit);
        const want = reference(list, limit);
        for (const post of list) expect(got.get(post.path)!.map((p) => p.path)).toEqual(want.get(post.path));
      }
    }
  });
  it('ranks the same among hundreds of posts, where only the newest 200 of a tag count and many posts share their tags', () => {
    for (const seed of [3, 11]) {
      const list = posts(700, seed);
      for (const limit of [1, 3]) {
        const got = computeRelated(list, limit);
        const want = reference(list, limit);
        for (const post of list) expect(got.get(post.path)!.map((p) => p.path)).toEqual(want.get(post.path));
      }
    }
  });
  it('gives a post with no tags no related posts', () => {
    const list = posts(5, 3).map((p) => ({ ...p, tags: [] }));
    expect(computeRelated(list).get('/blog/p0')).toEqual([]);
  });
});
