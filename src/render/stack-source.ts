/**
 * Where a component threw, in its source: the template bundle's frames of a render error's stack mapped back through
 * the bundle's source map (written beside it, bundle.ts) to the layout, page or component file, line and column.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { displayPath } from '../content/scope.ts';
import { frameAt } from '../content/parse-errors.ts';
import { SitegenError } from '../errors.ts';

/** A frame's position in a template bundle (`file:///…/render/render.<hash>.mjs:12:3`, or its path without `file://`). */
const BUNDLE_FRAME = /((?:file:\/\/)?[^\s()]*[\\/]render\.[0-9a-f]+\.mjs):(\d+):(\d+)/g;

interface Position {
  file: string;
  line: number;
  column: number;
}

/** The source map of the last bundle asked about (one bundle is current at a time). */
let last: { bundle: string; map: SourceMap | undefined } | undefined;

function sourceMapOf(bundle: string): SourceMap | undefined {
  if (last?.bundle !== bundle) {
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));
    } catch {
      map = undefined; // (a bundle compiled without one, or prebuilt: its frames stay as they are)
    }
    last = { bundle, map };
  }
  return last.map;
}

/** A bundle position (1-based) in its source file (absolute, 1-based), or undefined when the map does not say. */
function sourcePosition(url: string, line: number, column: number): Position | undefined {
  const bundle = url.startsWith('file://') ? fileURLToPath(url) : url;
  const entry = sourceMapOf(bundle)?.findEntry(line - 1, column - 1);
  if (!entry || !('originalSource' in entry)) return undefined;
  return { file: resolve(dirname(bundle), entry.originalSource), line: entry.originalLine + 1, column: entry.originalColumn + 1 };
}

/** The stack with its bundle frames at their sources, and the first of them: where the error was thrown. */
export function mapStack(stack: string): { stack: string; thrown?: Position } {
  let thrown: Position | undefined;
  const mapped = stack.replace(BUNDLE_FRAME, (frame, url: string, line: string, column: string) => {
    const at = sourcePosition(url, Number(line), Number(column));
    if (!at) return frame;
    thrown ??= at;
    return `${at.file}:${at.line}:${at.column}`;
  });
  return { stack: mapped, thrown };
}

/**
 * A page that failed to render (SG4001) located where its component threw, with a code frame, when the stack says;
 * `hint` in place of its own. Any other error is returned as it is.
 */
export function atThrownSource(error: SitegenError, root: string, hint?: string): SitegenError {
  if (error.code !== 'SG4001') return error;
  const { stack, thrown } = error.stack ? mapStack(error.stack) : { stack: error.stack };
  let frame: string | undefined;
  try {
    frame = thrown && frameAt(readFileSync(thrown.file, 'utf8'), thrown.line, thrown.column);
  } catch {
    frame = undefined; // (the file is gone since the bundle was compiled)
  }
  const location = thrown ? { file: displayPath(thrown.file, root), line: thrown.line, column: thrown.column } : error.location;
  const located = new SitegenError('SG4001', error.message, { hint: hint ?? error.hint, location, frame, cause: error.cause });
  located.stack = stack;
  return located;
}
