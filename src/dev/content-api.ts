/** The content API in `sitegen dev`: the files a build writes (`api/_content/…`) from the session, any other query live. */
import type { ServerResponse } from 'node:http';
import type { ContentDocument } from '../content/types.ts';
import { POSTS_QUERY_KEY, documentQueryKey, queryHash } from '../output/manifest.ts';
import { runQuery, type ContentQuery } from './query.ts';
import type { DevSession } from './session.ts';

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isCount = (value: unknown) => value === undefined || (Number.isInteger(value) && (value as number) >= 0);

/** A query as the content client sends one: an object, `where` and `sort` objects, `only` a list of names, counts whole. */
function isQuery(value: unknown): value is ContentQuery {
  if (!isObject(value)) return false;
  const { where, sort, only, skip, limit } = value;
  return (
    (where === undefined || isObject(where)) &&
    (sort === undefined || isObject(sort)) &&
    (only === undefined || (Array.isArray(only) && only.every((name) => typeof name === 'string'))) &&
    isCount(skip) &&
    isCount(limit)
  );
}

/** Answer a request below `/api/_content/`; false when it is none of the content API's. */
export function contentApi(session: DevSession, pathname: string, params: URLSearchParams, res: ServerResponse): boolean {
  const preview = Boolean(params.get('previewToken'));
  const docs = session.documents().filter((d) => preview || !d.draft);
  const live = () => {
    let query: unknown;
    try {
      query = JSON.parse(params.get('_params') ?? '{}');
    } catch {
      return sendJson(res, 400, { error: '_params must be JSON' });
    }
    // Not a query (`null`, `only: "title"`, `limit: -1`): a bad request, not a server error or a wrong answer.
    if (!isQuery(query)) return sendJson(res, 400, { error: '_params must be a query: { where?, sort?, only?: [names], skip?, limit?, first? }' });
    // Documents as a build's content API files show them: no build internals.
    sendJson(
      res,
      200,
      runQuery(
        docs.map((d) => session.apiView(d) as unknown as ContentDocument),
        query,
      ),
    );
  };
  if (pathname === '/api/_content/query') {
    live();
    return true;
  }
  const m = /^\/api\/_content\/(query|navigation)\/([0-9a-f]+)\.json$/.exec(pathname);
  if (!m) return false;
  // The files a build writes answer as they would; any other query whose name matches its
  // `_params` (the runtime's content client sends them) is answered live.
  const doc = m[1] === 'query' ? docs.find((d) => queryHash(documentQueryKey(d._path)) === m[2]) : undefined;
  if (m[1] === 'navigation') sendJson(res, 200, session.navigationOf(m[2]));
  else if (m[2] === queryHash(POSTS_QUERY_KEY)) sendJson(res, 200, session.posts);
  else if (doc)
    void session.apiDocument(doc).then(
      (body) => sendJson(res, 200, body),
      () => sendJson(res, 500, { error: 'could not render' }),
    );
  else if (params.has('_params') && queryHash(params.get('_params')!) === m[2]) live();
  else sendJson(res, 404, { error: 'not found' });
  return true;
}
