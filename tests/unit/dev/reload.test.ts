/** The live-update queue of `sitegen dev` (src/dev/reload.ts) while the session has no site yet, and once it has one. */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SitegenError } from '../../../src/errors.ts';
import type { RenderedPage } from '../../../src/render/types.ts';
import { Reloader } from '../../../src/dev/reload.ts';
import type { DevSession } from '../../../src/dev/session.ts';

/** A session that waits for its templates until `fix` is applied; it counts the pages it is asked to render. */
function waitingSession() {
  const problems = new Map<string, SitegenError[]>([['(templates)', [new SitegenError('SG4002', 'Expected identifier but found "/"')]]]);
  const state = { ready: false, renders: 0 };
  const session = {
    problems,
    config: { checks: {} },
    get ready() {
      return state.ready;
    },
    allProblems: () => [...problems.values()].flat(),
    rendered: () => undefined,
    render: async () => {
      if (!state.ready) throw new Error('rendered with no site');
      state.renders++;
      return { html: '<p>page</p>', status: 200 } as RenderedPage;
    },
    checkPages: async () => undefined,
  };
  const fix = async () => {
    problems.clear();
    state.ready = true;
  };
  return { session: session as unknown as DevSession, state, fix };
}

/** An open page's event stream: the events written to it, by name. */
function openPage(reloader: Reloader, path: string): string[] {
  const events: string[] = [];
  const res = {
    writeHead: () => undefined,
    write: (chunk: string) => events.push(...[...chunk.matchAll(/^event: (\w+)/gm)].map((m) => m[1])),
    end: () => undefined,
  };
  reloader.connect(new EventEmitter() as IncomingMessage, res as unknown as ServerResponse, path);
  return events;
}

describe('Reloader, with a session that has no site yet', () => {
  it('shows the problem to an open page, renders nothing on a change that does not fix it, and reloads the page once the site is there', async () => {
    const { session, state, fix } = waitingSession();
    const reloader = new Reloader({ session, log: () => undefined, loaded: Promise.resolve(), changed: () => undefined });
    const events = openPage(reloader, '/about');
    expect(events).toEqual(['problems']);

    let update = reloader.nextUpdate();
    reloader.enqueue(async () => {
      throw new SitegenError('SG4002', 'Expected identifier but found "/"');
    });
    expect(await update).toMatchObject({ reloaded: [], swapped: [] });
    expect(state.renders).toBe(0);
    expect(events).toEqual(['problems', 'problems']);

    update = reloader.nextUpdate();
    reloader.enqueue(fix);
    expect((await update).reloaded).toEqual(['/about']);
    expect(events).toEqual(['problems', 'problems', 'clear', 'reload']);
    reloader.close();
  });
});
