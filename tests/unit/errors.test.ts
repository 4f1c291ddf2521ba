/**
 * The error catalogue and its documentation: every code in ERROR_CODES has a heading or a table
 * row in docs/errors.md with its title, and the docs name no code that does not exist.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SitegenError, fileSystemError, type ErrorCode } from '../../src/errors.ts';
import { formatError } from '../../src/log.ts';
import { ROOT } from '../helpers.ts';

const docs = readFileSync(join(ROOT, 'docs/errors.md'), 'utf8');
const lines = docs.split('\n');
const codes = Object.keys(ERROR_CODES) as ErrorCode[];

/** Lines that document `code`: a markdown heading or a table row naming it. */
function entries(code: string): string[] {
  const heading = new RegExp(`^#{1,6}\\s.*\\b${code}\\b`);
  const row = new RegExp(`^\\|\\s*\`?${code}\`?\\s*\\|`);
  return lines.filter((line) => heading.test(line) || row.test(line));
}

describe('docs/errors.md', () => {
  it.each(codes)('documents %s with its title', (code) => {
    const found = entries(code);
    expect(found, `${code} has no heading or table row in docs/errors.md`).not.toEqual([]);
    expect(
      found.some((line) => line.includes(ERROR_CODES[code])),
      `no entry for ${code} carries its title "${ERROR_CODES[code]}"`,
    ).toBe(true);
  });

  it('gives every code its own section', () => {
    const headings = lines.filter((line) => /^#{2,6}\s+SG\d{4}\b/.test(line)).map((line) => /SG\d{4}/.exec(line)![0]);
    expect(headings).toEqual(codes);
  });

  it('names no code that is not in the catalogue', () => {
    const mentioned = new Set(docs.match(/\bSG\d{4}\b/g) ?? []);
    const unknown = [...mentioned].filter((code) => !(code in ERROR_CODES) && code !== 'SGxxxx');
    expect(unknown).toEqual([]);
  });

  it('shows each example in the format the CLI prints', () => {
    // Every `✗ … [SGxxxx] Title` line in the docs uses a real code with its real title.
    const examples = lines.filter((line) => /^✗ .*\[SG\d{4}\]/.test(line));
    expect(examples.length).toBeGreaterThanOrEqual(codes.length - 1);
    for (const line of examples) {
      const [, code, title] = /\[(SG\d{4})\] (.*)$/.exec(line)!;
      expect(ERROR_CODES[code as ErrorCode], line).toBe(title);
    }
  });
});

describe('formatError', () => {
  it('prints file:line:col, code and title, the message, the frame and the hint', () => {
    const error = new SitegenError('SG2001', 'Invalid front matter: bad', {
      location: { file: 'content/a.md', line: 3, column: 14 },
      frame: '> 3 | x',
      hint: 'Fix it.',
    });
    const text = formatError(error).replace(/\u001b\[[0-9;]*m/g, '');
    expect(text).toBe('✗ content/a.md:3:14 [SG2001] Invalid front matter\n  Invalid front matter: bad\n\n  > 3 | x\n\n  hint: Fix it.');
  });

  it('adds the stack only with --debug', () => {
    const error = new SitegenError('SG4001', '/ failed to render: kaboom', { location: { file: 'site/pages/index.tsx' } });
    expect(formatError(error, false)).not.toContain('at ');
    expect(formatError(error, true)).toContain(error.stack!.split('\n')[1].trim());
  });

  it('round-trips through toJSON/fromJSON (the worker boundary) with code, title and location', () => {
    for (const code of codes) {
      const error = SitegenError.fromJSON(new SitegenError(code, 'm', { hint: 'h', location: { file: 'f', line: 1 } }).toJSON());
      expect([error.code, error.title, error.hint, error.location]).toEqual([code, ERROR_CODES[code], 'h', { file: 'f', line: 1 }]);
    }
  });
});

describe('fileSystemError', () => {
  const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it("makes the system refusing a write SG7001, with a hint for its code and the system's message", () => {
    const full = fileSystemError(systemError('ENOSPC', 'ENOSPC: no space left on device, write'))!;
    expect([full.code, full.message]).toEqual(['SG7001', 'ENOSPC: no space left on device, write']);
    expect(full.hint).toMatch(/disk is full/);
    expect(fileSystemError(systemError('EACCES', 'EACCES: permission denied'))!.hint).toMatch(/permissions/);
    expect(fileSystemError(systemError('EEXIST', "EEXIST: file already exists, mkdir '/x/afile'"))!.hint).toMatch(/A file is where the build needs a folder/);
  });

  it('leaves every other error alone', () => {
    expect(fileSystemError(new Error('kaboom'))).toBeUndefined();
    expect(fileSystemError(systemError('ERR_WORKER_OUT_OF_MEMORY', 'oom'))).toBeUndefined();
    expect(fileSystemError(new SitegenError('SG4001', 'x'))).toBeUndefined();
    expect(fileSystemError(undefined)).toBeUndefined();
  });
});
