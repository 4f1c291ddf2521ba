/**
 * `sitegen dev` reports broken links and missing anchors (SG5001, SG5002) as `sitegen build`
 * does: in the overlay and in the terminal, with file:line and hint, under `checks.links` and
 * `checks.anchors`, and says so when an edit fixes them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { copyFixture, devEvents, remove, waitFor, type EventStream } from '../helpers.ts';

interface OverlayProblem {
  code: string;
  title: string;
  message: string;
  where: string;
  hint?: string;
}

const ANSI = /\x1b\[[0-9;]*m/g;

/** A dev server on a copy of the basic fixture, with everything it prints to the terminal. */
async function start(config?: (text: string) => string): Promise<{ site: string; dev: DevServer; printed: string[] }> {
  const site = copyFixture('basic');
  if (config) {
    const file = join(site, 'site/config.ts');
    writeFileSync(file, config(readFileSync(file, 'utf8')));
  }
  const printed: string[] = [];
  const dev = await startDevServer({ root: site, port: 0, log: (m) => printed.push(m.replace(ANSI, '')) });
  return { site, dev, printed };
}

const get = async (dev: DevServer, path: string) => {
  const res = await fetch(`${dev.url}${path}`);
  return { status: res.status, text: await res.text() };
};

/** The problems of the last `problems` event ([] after `clear`). */
function overlay(events: EventStream): OverlayProblem[] {
  const last = events.events.filter((e) => e.event === 'problems' || e.event === 'clear').pop();
  return last?.event === 'problems' ? (JSON.parse(last.data) as OverlayProblem[]) : [];
}

const BROKEN = '\nSee [x](/nope), [y](/about#nope) and [z](./missing.md).\n';

/** The 1-based line of `text` in the file. */
const lineOf = (site: string, file: string, text: string) =>
  readFileSync(join(site, file), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text)) + 1;

describe('sitegen dev: links and anchors', () => {
  let site: string;
  let dev: DevServer;
  let printed: string[];
  beforeAll(async () => {
    ({ site, dev, printed } = await start());
  }, 60_000);
  afterAll(async () => {
    await dev?.close();
    if (site) remove(site);
  });

  it('shows a broken link and a missing anchor of the edited page in the overlay and the terminal, once, and says when they are fixed', async () => {
    expect((await get(dev, '/about')).status).toBe(200);
    const events = await devEvents(dev.url, '/about');
    expect(overlay(events)).toEqual([]);
    printed.length = 0;

    const file = join(site, 'content/about.md');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good + BROKEN);
    await waitFor(() => overlay(events).some((p) => p.code === 'SG5002'));
    const line = lineOf(site, 'content/about.md', '[x](/nope)');
    const shown = overlay(events);
    const link = shown.find((p) => p.code === 'SG5001' && p.message.includes('/nope '));
    expect(link).toMatchObject({ title: 'Broken internal link', message: 'Broken link to /nope on /about', where: `content/about.md:${line}` });
    expect(link?.hint).toMatch(/^Link to a route that exists/);
    expect(shown.find((p) => p.code === 'SG5002')).toMatchObject({
      title: 'Missing anchor',
      message: 'Missing anchor: /about#nope on /about',
      where: `content/about.md:${line}`,
    });
    // The relative link to a file that is not there, as the build reports it.
    expect(shown.find((p) => p.message.includes('./missing.md'))).toMatchObject({ code: 'SG5001', where: `content/about.md:${line}` });

    // The terminal, as `sitegen build` prints them: place, code and title, message, hint.
    const terminal = printed.join('\n');
    expect(terminal).toContain(
      `✗ content/about.md:${line} [SG5001] Broken internal link\n  Broken link to /nope on /about\n  hint: Link to a route that exists`,
    );
    expect(terminal).toContain(
      `✗ content/about.md:${line} [SG5002] Missing anchor\n  Missing anchor: /about#nope on /about\n  hint: Heading ids are GitHub-style slugs`,
    );
    expect(terminal).toContain('[SG5001] Broken internal link\n  Broken link to ./missing.md on /about: there is no document missing');

    // Requests and the reload leave the terminal alone: each problem was printed once.
    for (let i = 0; i < 3; i++) await get(dev, '/about');
    await get(dev, '/');
    expect(printed.filter((m) => m.includes('[SG5002]'))).toHaveLength(1);
    expect(printed.filter((m) => m.includes('Broken link to /nope'))).toHaveLength(1);

    await new Promise((r) => setTimeout(r, 100));
    writeFileSync(file, good);
    await waitFor(() => events.events[events.events.length - 1].event === 'clear');
    const fixed = printed.join('\n');
    expect(fixed).toContain(`fixed content/about.md:${line} [SG5001] Broken link to /nope on /about`);
    expect(fixed).toContain(`fixed content/about.md:${line} [SG5002] Missing anchor: /about#nope on /about`);
    events.close();
  });

  it('checks a page rendered on request (no browser open on it) and re-checks it when an edit fixes it', async () => {
    const file = join(site, 'content/guide/2.setup.md');
    const good = readFileSync(file, 'utf8');
    expect((await get(dev, '/guide/setup')).status).toBe(200);
    printed.length = 0;
    const update = dev.nextUpdate();
    writeFileSync(file, `${good}\n[gone](/guide/nope#x) and [here](/guide/setup#nowhere)\n`);
    await update;
    expect((await get(dev, '/guide/setup')).status).toBe(200);
    const line = lineOf(site, 'content/guide/2.setup.md', '[gone]');
    const codes = dev.session.allProblems().map((p) => `${p.code} ${p.location?.file}:${p.location?.line}`);
    expect(codes).toEqual(expect.arrayContaining([`SG5001 content/guide/2.setup.md:${line}`, `SG5002 content/guide/2.setup.md:${line}`]));
    expect(printed.join('\n')).toContain(`✗ content/guide/2.setup.md:${line} [SG5002] Missing anchor`);

    // A missing anchor on another page: that page is rendered for its ids.
    printed.length = 0;
    await new Promise((r) => setTimeout(r, 100));
    const fixedUpdate = dev.nextUpdate();
    writeFileSync(file, `${good}\n[there](/about#who-we-are)\n`);
    await fixedUpdate;
    expect(dev.session.allProblems()).toEqual([]);
    expect(printed.join('\n')).toContain(`fixed content/guide/2.setup.md:${line} [SG5001] Broken link to /guide/nope#x on /guide/setup`);
    await get(dev, '/guide/setup');
    expect(dev.session.allProblems()).toEqual([]);
  });

  it('prints the other problems of the overlay once per change (bad front matter), not on every request', async () => {
    const file = join(site, 'content/about.md');
    const good = readFileSync(file, 'utf8');
    printed.length = 0;
    await new Promise((r) => setTimeout(r, 100));
    const update = dev.nextUpdate();
    writeFileSync(file, good.replace('title: About the fixture', 'title: "About the fixture'));
    await update;
    for (let i = 0; i < 3; i++) await get(dev, '/about');
    expect(printed.filter((m) => m.includes('[SG2001]'))).toEqual([expect.stringMatching(/^✗ content\/about\.md:2:8 \[SG2001\] /)]);
    await new Promise((r) => setTimeout(r, 100));
    const fixed = dev.nextUpdate();
    writeFileSync(file, good);
    await fixed;
    expect(printed.filter((m) => m.includes('[SG2001]'))).toHaveLength(2);
    expect(printed.some((m) => m.startsWith('fixed content/about.md:2:8 [SG2001]'))).toBe(true);
  });
});

describe('sitegen dev: checks.links and checks.anchors', () => {
  it('shows a link problem its check sets to warn as a warning line, and none whose check is off', async () => {
    const { site, dev, printed } = await start((t) =>
      t.replace("url: 'https://fixture.example.com',", "url: 'https://fixture.example.com',\n  checks: { links: 'warn', anchors: 'off' },"),
    );
    try {
      const file = join(site, 'content/about.md');
      const update = dev.nextUpdate();
      writeFileSync(file, readFileSync(file, 'utf8') + BROKEN);
      await update;
      expect((await get(dev, '/about')).status).toBe(200);
      const line = lineOf(site, 'content/about.md', '[x](/nope)');
      const codes = dev.session.allProblems().map((p) => p.code);
      expect(codes).toContain('SG5001');
      expect(codes).not.toContain('SG5002');
      expect(printed).toContain(`warning content/about.md:${line} [SG5001] Broken link to /nope on /about`);
      expect(printed.join('\n')).not.toContain('SG5002');
    } finally {
      await dev.close();
      remove(site);
    }
  }, 60_000);
});
