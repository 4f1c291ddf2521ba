/** The errors a source can give while it is read and parsed (SG2001, SG2005, SG2006, SG2008, SG2009), at their line and column. */
import { SitegenError, codeFrame } from '../errors.ts';
import type { DecodeIssue } from './decode.ts';
import type { SourceFile } from './types.ts';

/** codeFrame with long lines cut short: a 2,000-character line would flood the terminal. */
export function frameAt(text: string, line: number, column = 1): string {
  return codeFrame(
    text
      .split('\n')
      .slice(0, line + 2)
      .map((l) => (l.length > 120 ? `${l.slice(0, 120)}…` : l))
      .join('\n'),
    line,
    column,
  );
}

/** Where a YAML error is in the file (js-yaml's mark shifted by `start`), moved to the opening quote of an unterminated string. */
function yamlLocation(text: string, error: unknown, start: number): { line: number; column: number; reason: string } {
  const mark = (error as { mark?: { line: number; column: number; position?: number } }).mark;
  const reason = (error as { reason?: string }).reason ?? String((error as Error)?.message ?? error).split('\n')[0];
  const lines = text.split('\n');
  // The mark's character position is the reliable part (some js-yaml errors report line 0).
  const at = Math.min(text.length, start + (mark?.position ?? 0));
  const before = text.slice(0, at).split('\n');
  let line = Math.min(Math.max(1, before.length), lines.length);
  let column = before.length > lines.length ? 1 : before[before.length - 1].length + 1;
  const quote = /double quoted/.test(reason) ? '"' : /single quoted/.test(reason) ? "'" : undefined;
  if (quote) {
    for (let n = line; n >= 1; n--) {
      const count = lines[n - 1].split(quote).length - 1;
      if (count % 2 === 1) {
        line = n;
        column = lines[n - 1].indexOf(quote) + 1;
        break;
      }
    }
  }
  const length = (lines[line - 1] ?? '').length;
  if (column > length + 1 || column < 1) column = 1;
  return { line, column, reason };
}

export function frontMatterError(source: SourceFile, text: string, error: unknown): SitegenError {
  // The parser was handed the text after the opening `---` (or `+++`), starting with its newline.
  const { line, column, reason } = yamlLocation(text, error, Math.max(0, text.indexOf('\n')));
  return new SitegenError('SG2001', `Invalid front matter: ${reason}`, {
    location: { file: source.display, line, column },
    frame: codeFrame(text, line, column),
    hint:
      (error as { hint?: string }).hint ??
      'Front matter is YAML between two `---` lines. Quote values that contain a colon, `#` or start with a special character.',
  });
}

/** SG2001 for front matter that parses to a list or a single value: it names no fields, and would be dropped unseen. */
export function frontMatterShapeError(source: SourceFile, text: string, data: unknown): SitegenError {
  const kind = Array.isArray(data) ? 'a list' : `a single ${typeof data === 'string' ? 'text' : typeof data}`;
  return new SitegenError('SG2001', `Invalid front matter: it is ${kind}, not \`key: value\` pairs`, {
    location: { file: source.display, line: 1 },
    frame: frameAt(text, 1),
    hint: 'Front matter must be `key: value` pairs, one a line (`title: My page`). To give a list, put it under a key: `tags: [a, b]`.',
  });
}

/** What a file whose bytes are not (all) text gets: SG2005 when there is no text, SG2008 for bytes replaced. */
export function encodingError(source: SourceFile, issue: DecodeIssue, text: string | undefined): SitegenError {
  const location = { file: source.display, line: issue.line };
  switch (issue.kind) {
    case 'binary':
      return new SitegenError('SG2005', `${source.display} is not a text file: it has a NUL byte on line ${issue.line}`, {
        location,
        hint: 'Content files are UTF-8 text. Move binary files (images, archives) out of the content folder or give them another extension.',
      });
    case 'utf16-no-bom':
      return new SitegenError('SG2005', `${source.display} looks like UTF-16 without a byte-order mark`, {
        location,
        hint: 'Save the file as UTF-8 (or as UTF-16 with a byte-order mark, which sitegen reads).',
      });
    case 'utf32':
      return new SitegenError('SG2005', `${source.display} is UTF-32, which sitegen does not read`, { location, hint: 'Save the file as UTF-8.' });
    default:
      return new SitegenError(
        'SG2008',
        `${source.display} is not valid ${issue.encoding}${issue.byte ? `: byte ${issue.byte}` : ''} on line ${issue.line} (shown as \uFFFD)`,
        {
          location,
          frame: text === undefined ? undefined : frameAt(text, issue.line),
          hint: 'Save the file as UTF-8 (in most editors: "Save with encoding"). `checks.encoding` in the site config sets whether this fails the build (`error`), warns (`warn`) or is not checked (`off`).',
        },
      );
  }
}

/** markdown-it's nesting limit cut the body at `line` (in the file): what followed there was dropped. */
export function nestingError(source: SourceFile, text: string, line: number, limit: number): SitegenError {
  return new SitegenError('SG2009', `Markdown nested more than ${limit} levels deep: the content from line ${line} on was dropped`, {
    location: { file: source.display, line },
    frame: frameAt(text, line),
    hint: `Blockquotes and lists nest at most ${limit} levels (each list level counts twice): flatten the nesting, or put the text in a code block.`,
  });
}

/** SG2006 for a YAML data file, at js-yaml's mark. */
export function yamlError(source: SourceFile, text: string, error: unknown): SitegenError {
  const { line, column, reason } = yamlLocation(text, error, 0);
  return new SitegenError('SG2006', `Invalid YAML: ${reason}`, {
    location: { file: source.display, line, column },
    frame: codeFrame(text, line, column),
    hint: 'A YAML data file maps keys to values; quote values that contain a colon, `#` or start with a special character.',
  });
}

/** SG2006 at the position JSON.parse names in its message. */
export function jsonError(source: SourceFile, text: string, error: Error): SitegenError {
  const position = /position (\d+)/.exec(error.message)?.[1];
  const before = position ? text.slice(0, Number(position)).split('\n') : undefined;
  const line = before?.length ?? 1;
  const column = before ? before[before.length - 1].length + 1 : 1;
  return new SitegenError('SG2006', `Invalid JSON: ${error.message}`, {
    location: { file: source.display, line, column },
    frame: codeFrame(text, line, column),
    hint: 'Check for trailing commas and unquoted keys.',
  });
}
