/**
 * Live updates for `sitegen dev`: the open pages' event streams, a queue applying changes one at a time, and telling
 * each changed page how to take its change (hot.ts): `css` (swap its stylesheets), `page` (swap its payload) or `reload`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeRoutePath } from '../content/paths.ts';
import { SitegenError, formatLocation } from '../errors.ts';
import { type ChangeKind, type PageUpdate, planUpdate } from './hot.ts';
import { problemReporter } from './report.ts';
import type { RenderedPage } from '../render/types.ts';
import type { DevSession } from './session.ts';

/** An open page: its events stream, its route, and the id its dev client gave (one per page load). */
interface Client {
  res: ServerResponse;
  path: string;
  id?: string;
}

/** A page whose stream closed (a hidden tab lets it go): what it showed, and the widest change since (none yet: undefined). */
interface Parked {
  path: string;
  page: RenderedPage | undefined;
  kind?: ChangeKind;
}

/** How many pages whose stream closed are remembered (a closed tab's never comes back): the oldest go. */
const PARKED = 50;

export interface Update {
  ms: number;
  /** The open pages told to reload. */
  reloaded: string[];
  /** The open pages told to swap their content in place (a document changed). */
  swapped: string[];
  /** The open pages told to swap their stylesheets. */
  restyled: string[];
}

const NOTHING: Omit<Update, 'ms'> = { reloaded: [], swapped: [], restyled: [] };

function toSitegenError(error: unknown): SitegenError {
  return error instanceof SitegenError
    ? error
    : new SitegenError('SG4002', (error as Error)?.message ?? String(error), { hint: 'Fix the template; the last good version is still served.' });
}

function problemJson(problems: SitegenError[]) {
  return problems.map((p) => ({
    code: p.code,
    title: p.title,
    message: p.message,
    where: formatLocation(p.location) || '(site)',
    frame: p.frame,
    hint: p.hint,
  }));
}

/** How an open page takes a change: `previous` is what it showed (undefined: not rendered since the last change; no HTML: the error page). */
function pageUpdate(previous: RenderedPage | undefined, page: RenderedPage, kind: ChangeKind, named: boolean): PageUpdate {
  if (!previous) return { kind: named ? 'reload' : 'none' };
  return previous.html ? planUpdate(previous, page, kind) : { kind: 'reload' };
}

export interface ReloadOptions {
  session: DevSession;
  log: (message: string) => void;
  /** Changes wait for this (the documents loaded). */
  loaded: Promise<unknown>;
  /** Called once a change is applied, before any page reloads. */
  changed: () => void;
}

export class Reloader {
  private readonly clients = new Set<Client>();
  private readonly waiters: ((update: Update) => void)[] = [];
  private queue: Promise<unknown>;
  private readonly report: ReturnType<typeof problemReporter>;
  /** The problems last sent, as JSON. */
  private sent: string | undefined;
  /** Pages whose stream closed, by their client's id: told what changed meanwhile when they connect again. */
  private readonly parked = new Map<string, Parked>();

  constructor(private readonly options: ReloadOptions) {
    // One change at a time, in order, and none before the documents are loaded.
    this.queue = options.loaded.catch(() => undefined);
    this.report = problemReporter(options.log, () => options.session.config.checks);
  }

  /**
   * The events stream of the page at `path` (its route): reload, css, page, problems, clear. A page that connects again
   * under its `id` (a tab shown again) is told how to take what changed while it had no stream.
   */
  connect(req: IncomingMessage, res: ServerResponse, path: string, id?: string): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    const client: Client = { res, path, id };
    this.clients.add(client);
    res.write(': connected\n\n');
    const problems = this.options.session.allProblems();
    const parked = id === undefined ? undefined : this.parked.get(id);
    if (id !== undefined) this.parked.delete(id);
    if (problems.length) this.send(client, 'problems', problemJson(problems));
    else if (parked) this.send(client, 'clear');
    // (With no site yet there is nothing to catch up on: the page reloads once the site is there.)
    if (parked?.kind && parked.path === path && this.options.session.ready) {
      const { kind } = parked;
      this.queue = this.queue.then(() => this.catchUp(client, parked.page, kind)).catch(() => undefined);
    }
    req.on('close', () => {
      this.clients.delete(client);
      if (id !== undefined) this.park(id, path);
    });
  }

  /** Remember what a page whose stream closed shows, unless it has another stream open (it navigated). */
  private park(id: string, path: string): void {
    if ([...this.clients].some((c) => c.id === id)) return;
    this.parked.delete(id);
    this.parked.set(id, { path, page: this.options.session.rendered(path) });
    for (const oldest of this.parked.keys()) {
      if (this.parked.size <= PARKED) break;
      this.parked.delete(oldest);
    }
  }

  /** A page connected again after changes it missed: it updates as it would have then (a reload when unsure). */
  private async catchUp(client: Client, previous: RenderedPage | undefined, kind: ChangeKind): Promise<void> {
    const page = await this.options.session.render(client.path);
    if (!page.html || !this.clients.has(client)) return;
    const { kind: event, ...data } = pageUpdate(previous, page, kind, true);
    if (event !== 'none') this.send(client, event, { ...data, path: client.path });
  }

  private send(client: Client, event: string, data: unknown = {}): void {
    client.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Every open page reloads (the session restarted). */
  reloadAll(): void {
    for (const client of this.clients) this.send(client, 'reload');
  }

  /** Problems to the overlays and the terminal: after a change always, else only when they changed (a page rendered on request). */
  broadcastProblems(always = true): void {
    const problems = this.options.session.allProblems();
    const json = problemJson(problems);
    const text = JSON.stringify(json);
    if (!always && text === this.sent) return;
    this.sent = text;
    this.report(problems);
    for (const client of this.clients) problems.length ? this.send(client, 'problems', json) : this.send(client, 'clear');
  }

  /** Apply a change after those queued before it; a change that fails is logged. `kind`: what changed (see planUpdate). */
  enqueue(apply: () => Promise<unknown>, kind: ChangeKind = 'other'): void {
    this.queue = this.queue
      .then(() => this.handleChange(apply, kind))
      .catch((error) => {
        this.options.log(`✗ ${(error as Error).message}`);
        for (const resolve of this.waiters.splice(0)) resolve({ ms: 0, ...NOTHING });
      });
  }

  nextUpdate(): Promise<Update> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    for (const client of this.clients) client.res.end();
  }

  /**
   * Each open, rendered page as it is now, so a change that leaves its HTML alone updates nothing. An unrendered page
   * is not rendered now: its body would be read from a file that may already hold the edit.
   */
  private snapshot(): Map<string, RenderedPage | undefined> {
    const pages = new Map<string, RenderedPage | undefined>();
    for (const path of new Set([...this.clients].map((c) => c.path))) pages.set(path, this.options.session.rendered(path));
    return pages;
  }

  /** Apply a change, then update the open pages it changed. `apply` returns the routes it changed, or '*'. */
  private async handleChange(apply: () => Promise<unknown>, kind: ChangeKind): Promise<void> {
    const { session } = this.options;
    const started = performance.now();
    const waiting = !session.ready;
    const before = this.snapshot();
    let changed: unknown = '*';
    try {
      changed = await apply();
    } catch (error) {
      // A change that cannot be applied (a template that does not compile …) is a problem to show.
      session.problems.set('(templates)', [toSitegenError(error)]);
    }
    this.options.changed();
    // Pages without a stream take the changes when they connect again: as documents' only while nothing else changed.
    for (const parked of this.parked.values()) parked.kind = parked.kind === 'other' ? 'other' : kind;
    const update: Omit<Update, 'ms'> = { reloaded: [], swapped: [], restyled: [] };
    if (!waiting) await this.updatePages(before, changed, kind, update);
    this.broadcastProblems();
    if (waiting && session.ready) {
      // The site is there at last (its templates compile): every open page showed the problems in its place.
      this.reloadAll();
      update.reloaded.push(...before.keys());
    }
    const ms = performance.now() - started;
    for (const resolve of this.waiters.splice(0)) resolve({ ms, ...update });
  }

  /** Tell each open page how to take the change, from what it showed `before`; then the rendered pages' links are checked. */
  private async updatePages(before: Map<string, RenderedPage | undefined>, changed: unknown, kind: ChangeKind, update: Omit<Update, 'ms'>): Promise<void> {
    const { session } = this.options;
    const named = (path: string) => Array.isArray(changed) && changed.some((p) => normalizeRoutePath(p) === normalizeRoutePath(path));
    for (const [path, previous] of before) {
      const page = await session.render(path);
      // It threw and has no good version: the page shows the error until it renders (the overlay says why).
      if (!page.html) continue;
      const plan = pageUpdate(previous, page, kind, changed === '*' || named(path));
      if (plan.kind === 'none') continue;
      const { kind: event, ...data } = plan;
      (event === 'reload' ? update.reloaded : event === 'css' ? update.restyled : update.swapped).push(path);
      for (const client of this.clients) if (client.path === path) this.send(client, event, { ...data, path });
    }
    // Pages with broken links re-render, so a fix shows as one.
    await session.checkPages();
  }
}
