/**
 * Live content queries for the dev server (`/api/_content/query?_params={...}`), a subset of Nuxt Content's:
 * where (equality, $eq, $ne, $in, $contains, $startsWith, $exists), sort, skip, limit, only, first.
 */
import type { ContentDocument } from '../content/types.ts';
import { compareStems } from '../content/paths.ts';
import type { ContentQuery } from '../content/query-key.ts';

export type { ContentQuery };

function field(doc: ContentDocument, key: string): unknown {
  const direct = (doc as unknown as Record<string, unknown>)[key];
  return direct !== undefined ? direct : doc.frontmatter[key];
}

function test(value: unknown, condition: unknown): boolean {
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) {
    return Array.isArray(value) ? value.includes(condition) : value === condition;
  }
  return Object.entries(condition as Record<string, unknown>).every(([op, arg]) => {
    switch (op) {
      case '$eq':
        return value === arg;
      case '$ne':
        return value !== arg;
      case '$in':
        return Array.isArray(arg) && (Array.isArray(value) ? value.some((v) => arg.includes(v)) : arg.includes(value));
      case '$contains':
        return Array.isArray(value) ? value.includes(arg) : typeof value === 'string' && value.includes(String(arg));
      case '$startsWith':
        return typeof value === 'string' && value.startsWith(String(arg));
      case '$exists':
        return (value !== undefined) === Boolean(arg);
      default:
        return false;
    }
  });
}

export function runQuery(docs: ContentDocument[], query: ContentQuery): unknown {
  let out = docs.filter((doc) => Object.entries(query.where ?? {}).every(([key, cond]) => test(field(doc, key), cond)));
  out.sort(compareStems);
  for (const [key, dir] of Object.entries(query.sort ?? {}).reverse()) {
    out.sort((a, b) => {
      const x = field(a, key) as string | number;
      const y = field(b, key) as string | number;
      return x === y ? 0 : (x > y ? 1 : -1) * dir;
    });
  }
  out = out.slice(query.skip ?? 0, query.limit ? (query.skip ?? 0) + query.limit : undefined);
  const shaped = out.map((doc) => {
    const { links: _l, ids: _i, hash: _h, ...rest } = doc;
    return query.only ? Object.fromEntries(query.only.map((k) => [k, field(doc, k)])) : rest;
  });
  return query.first ? (shaped[0] ?? null) : shaped;
}
