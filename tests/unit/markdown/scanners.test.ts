/**
 * Scanners sharing compiled patterns (scanners.ts) must tokenise exactly as Oniguruma's own
 * scanners do: the grammars of the samples below, on the Ferrygate site's code blocks and on samples
 * of the constructs that depend on where a search starts (`\G`) or on earlier lines
 * (back-references: heredocs, Markdown fences, YAML block scalars).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { INITIAL, type StateStack } from '@shikijs/vscode-textmate';
import { createHighlighterCore, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { describe, expect, it } from 'vitest';
import { canonical } from '../../../src/markdown/highlight.ts';
import { sharedPatternEngine } from '../../../src/markdown/scanners.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FENCE = '`'.repeat(3);

const SAMPLES: Record<string, string> = {
  bash: 'cat <<EOF > out.txt\nline $HOME "quoted"\nEOF\ncat <<-"END"\n\tliteral $x\n\tEND\nfor f in *.md; do echo "${f%.md}"; done',
  ruby: 'text = <<~MARKDOWN\n  # Heading\n  Some *text*.\nMARKDOWN\nsql = <<-SQL\n  SELECT 1\nSQL\nputs "#{text} #{sql}" if text =~ /head(ing)?/i',
  markdown: `# Title\n\n${FENCE}js\nconst a = \`x \${1}\`;\n${FENCE}\n\n~~~python\nprint("hi")\n~~~\n\n- item with \`code\`\n  - nested [link](/x)\n\n> quote **bold**`,
  yaml: 'key: |\n  block scalar\n  kept: not a key\nfolded: >-\n  one\n  two\nlist:\n  - a: 1\n    b: [x, "y"]\nanchor: &a { k: v }\nref: *a',
  html: '<!doctype html>\n<script>const x = `a${1}`;</script>\n<style>a { color: red; }</style>\n<p class="x">t &amp; t</p>',
  javascript: 'const re = /a\\/b[/]c/g;\nconst s = `line ${a + `inner ${b}`}`;\nfunction* g() { yield* [1, 2]; }\nclass A { #p = 1; static { } }',
  typescript: 'type T<K extends keyof X> = { [P in K]?: X[P] };\nenum E { A = 1 }\nconst f = <T,>(x: T): T => x satisfies unknown as T;',
  tsx: 'export const C = ({ a }: Props) => <div className={a}>{list.map((x) => <Item key={x} />)}</div>;',
  go: 'package main\n\nimport "fmt"\n\nfunc main() {\n\ts := `raw\nstring`\n\tfmt.Println(s)\n}',
  python: 'def f(x: int) -> str:\n    """doc\n    string"""\n    return f"{x!r:>10}"\n\n@dec\nclass A: pass',
  php: '<?php\n$s = <<<EOT\nHello $name\nEOT;\necho "x{$a[1]}";',
  java: 'public record P(int x) {}\nvar s = """\n  text block\n  """;',
  csharp: 'var s = $@"{x}\\n";\nvar r = """\n  raw\n  """;\nrecord R(int X);',
  toml: '[table]\nkey = """\nmulti\n"""\ndate = 1979-05-27T07:32:00Z',
  ini: '[section]\nkey=value ; comment',
  docker: 'FROM node:20 AS build\nRUN <<EOF\napt-get update\nEOF\nCMD ["node", "x.js"]',
  sql: "SELECT a, COUNT(*) FROM t WHERE b LIKE 'x%' GROUP BY a; -- note",
  http: 'POST /hooks HTTP/1.1\nContent-Type: application/json\n\n{"a": 1}',
  xml: '<?xml version="1.0"?>\n<a x="1"><![CDATA[ <raw> ]]><!-- c --></a>',
  lua: 'local s = [[\nlong\nstring]]\n--[==[ block\ncomment ]==]\nprint(s)',
  css: '@media (min-width: 40em) { .a::before { content: "\\201C"; color: rgb(0 0 0 / 50%); } }',
  powershell: '$s = @"\nhere $x\n"@\nGet-Item -Path $env:HOME | ForEach-Object { $_.Name }',
  diff: '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old\n+new\n context',
  json: '{"a": [1, 2.5e3, true, null], "b": {"c": "\\u00e9"}}',
  rust: 'fn main() {\n    let s = r#"raw "quoted""#;\n    println!("{s} {}", 1u8 as char);\n}\n/* block /* nested */ comment */',
  kotlin: 'fun f(x: Int): String = "$x ${x + 1}"\nval s = """\n  raw ${s}\n""".trimIndent()',
  c: '#define MAX(a, b) ((a) > (b) ? (a) : (b))\nint main(void) {\n  /* c */ return MAX(1, 2);\n}',
  scss: '$v: 1px;\n@mixin m($x) { .a &:hover { margin: $x * 2; } }\n.b { @include m($v); #{$p}-x: 0; }',
  hcl: 'resource "aws_s3_bucket" "b" {\n  name = "${var.prefix}-x"\n  tags = { a = 1 }\n  doc = <<EOT\n  text\n  EOT\n}',
};

/** Every line's tokens, the state carried from line to line as a document's code block does. */
function tokens(hl: HighlighterCore, blocks: [string, string][]): string[] {
  const out: string[] = [];
  for (const [lang, code] of blocks) {
    const grammar = hl.getLanguage(lang);
    let state: StateStack = INITIAL;
    for (const line of code.split('\n')) {
      const result = grammar.tokenizeLine(line, state, 0);
      state = result.ruleStack;
      out.push(`${lang}\t${JSON.stringify(result.tokens)}`);
    }
  }
  return out;
}

/** The samples' languages, by shiki's names (`bash` is `shellscript`). */
const KNOWN = new Set(Object.keys(SAMPLES).map((lang) => canonical(lang)!));

/** The Ferrygate site's fenced code blocks in those languages. */
function siteBlocks(): [string, string][] {
  const blocks: [string, string][] = [];
  for (const file of fg.sync(['content/**/*.md', 'site/**/*.{md,tsx,ts}'], { cwd: ROOT, absolute: true })) {
    for (const m of readFileSync(file, 'utf8').matchAll(/```([\w-]+)\n([\s\S]*?)```/g)) {
      const lang = canonical(m[1]);
      if (lang && KNOWN.has(lang)) blocks.push([lang, m[2]]);
    }
  }
  return blocks;
}

async function highlighter(shared: boolean): Promise<{ hl: HighlighterCore; compiled?: () => number; created: () => number }> {
  const engine = await createOnigurumaEngine(import('shiki/wasm'));
  let created = 0;
  const counting: typeof engine = { createString: (s) => engine.createString(s), createScanner: (p) => ((created += p.length), engine.createScanner(p)) };
  const sharing = shared ? sharedPatternEngine(counting) : undefined;
  const hl = await createHighlighterCore({ themes: [], langs: [], engine: sharing ?? counting });
  for (const name of KNOWN) hl.loadLanguageSync(((await import(`shiki/langs/${name}.mjs`)) as { default: LanguageRegistration[] }).default);
  return { hl, compiled: sharing?.compiled, created: () => created };
}

describe('scanners sharing compiled patterns', () => {
  it('tokenise every grammar exactly as Oniguruma scanners do, and compile each pattern once', async () => {
    const blocks: [string, string][] = [...Object.entries(SAMPLES).map(([lang, code]): [string, string] => [canonical(lang)!, code]), ...siteBlocks()];
    expect(new Set(blocks.map(([lang]) => lang))).toEqual(KNOWN);
    const plain = await highlighter(false);
    const shared = await highlighter(true);
    const expected = tokens(plain.hl, blocks);
    expect(tokens(shared.hl, blocks)).toEqual(expected);
    // A second pass, with every pattern's last search left over from the first, changes nothing.
    expect(tokens(shared.hl, [...blocks].reverse())).toEqual(tokens(plain.hl, [...blocks].reverse()));
    // Patterns compiled: each distinct one once, against every scanner's list on its own.
    expect(shared.created()).toBe(shared.compiled!());
    expect(shared.created() * 4).toBeLessThan(plain.created());
  }, 60_000);

  it('past the cap, compile new patterns per scanner and free them with it, finding the same', async () => {
    const engine = await createOnigurumaEngine(import('shiki/wasm'));
    let disposed = 0;
    const counting: typeof engine = {
      createString: (s) => engine.createString(s),
      createScanner: (p) => {
        const scanner = engine.createScanner(p);
        return { findNextMatchSync: (s, start, options) => scanner.findNextMatchSync(s, start, options), dispose: () => (disposed++, scanner.dispose?.()) };
      },
    };
    const shared = sharedPatternEngine(counting, 2);
    const first = shared.createScanner(['a', 'b']); // the two shared
    const second = shared.createScanner(['b', 'c', 'd']); // 'c' and 'd' its own
    const string = shared.createString('xxdcba');
    expect(second.findNextMatchSync(string, 0, 0)).toEqual(engine.createScanner(['b', 'c', 'd']).findNextMatchSync(string, 0, 0));
    expect(first.findNextMatchSync(string, 0, 0)).toEqual(engine.createScanner(['a', 'b']).findNextMatchSync(string, 0, 0));
    expect(shared.compiled()).toBe(2);
    first.dispose?.();
    expect(disposed).toBe(0);
    second.dispose?.();
    expect(disposed).toBe(2);
  });

  it('find what an Oniguruma scanner finds from every start, whatever was searched before', async () => {
    const engine = await createOnigurumaEngine(import('shiki/wasm'));
    const shared = sharedPatternEngine(engine);
    const lists = [
      ['\\Gb', 'c'], // where the search starts matters: a kept result from an earlier start must not be used
      ['c', 'b|c', '(?<=a)b'], // the first listed wins a tie; lookbehind sees before the start
      ['x', 'b|c', 'a'], // shares 'b|c' with the list above: its kept search serves both
    ];
    const subject = 'abcabc';
    for (const order of [
      [0, 1, 2, 3, 4, 5, 6],
      [6, 4, 2, 0, 1, 3, 5],
    ]) {
      const plain = lists.map((list) => engine.createScanner(list));
      const ours = lists.map((list) => shared.createScanner(list));
      const string = shared.createString(subject);
      for (const start of order) {
        for (let i = 0; i < lists.length; i++) {
          expect(ours[i].findNextMatchSync(string, start, 0), `${lists[i].join(' ')} from ${start}`).toEqual(plain[i].findNextMatchSync(string, start, 0));
        }
      }
    }
  });
});
