/**
 * Grammars load when a worker first meets their language (a parse or render that needs one is
 * redone once it is loaded). The output must not depend on which languages a worker happened to
 * load before: every code block is exactly what a highlighter holding every grammar gives.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, codeBlockHtml, initHighlighter } from '../../src/markdown/highlight.ts';
import { copyFixture, read, remove, runCli } from '../helpers.ts';

const BLOCKS: [string, string][] = [
  ['md', '# Title\n\n```js\nconst a = 1;\n```\n\n```python\nprint("hi")\n```'],
  ['ruby', 'text = <<~MARKDOWN\n  # Heading\n  Some *text*.\nMARKDOWN\nputs text'],
  ['bash', 'npm install sitegen\nsitegen build'],
  ['html', '<script>const x = 1;</script>\n<style>a { color: red }</style>'],
  ['go', 'package main\n\nfunc main() {}'],
  ['rs', 'fn main() {\n    println!("{}", r#"raw"#);\n}'],
  ['kt', 'fun main() = println("${1 + 1}")'],
  ['swift', 'let x: Int? = nil\nprint(x ?? 0)'],
  ['scss', '$gap: 1rem;\n.a { margin: $gap * 2; &:hover { color: red; } }'],
  ['hcl', 'variable "name" {\n  default = "${local.x}"\n}'],
  ['c', '#include <stdio.h>\nint main(void) { return 0; }'],
  ['cpp', 'template <typename T> auto f(T x) -> T { return x; }'],
  // Embedding: a Vue file's template, script and a SCSS style (a language Vue embeds only when loaded).
  [
    'vue',
    '<template>\n  <p v-if="ok">{{ msg }}</p>\n</template>\n<script setup lang="ts">\nconst msg: string = "hi";\n</script>\n<style lang="scss">\n.a { $x: 1px; margin: $x; }\n</style>',
  ],
  // A Markdown block's fence in a language of its own (Rust), and inline HTML.
  ['markdown', '```rust\nfn main() {}\n```\n\n<div class="x">text</div>'],
  ['klingon', 'not a language we know'],
];

/** Four backticks: the Markdown sample holds fences of three. */
const FENCE = '`'.repeat(4);

beforeAll(() => initHighlighter(LANGUAGES), 60_000);

describe('grammars loaded on first use', () => {
  it('highlight every block exactly as a highlighter with every grammar does, with one worker or two', async () => {
    const site = copyFixture('basic');
    try {
      // One language per page, so each worker meets them in its own order.
      mkdirSync(join(site, 'content/langs'), { recursive: true });
      BLOCKS.forEach(([lang, code], i) =>
        writeFileSync(
          join(site, `content/langs/${i}.md`),
          `---\ntitle: Block ${i}\ndescription: A ${lang} block.\n---\n\n${FENCE}${lang}\n${code}\n${FENCE}\n`,
        ),
      );
      for (const concurrency of ['1', '2']) {
        const result = await runCli(['build', '--root', site, '--concurrency', concurrency, '--force']);
        expect(result.code, result.stderr).toBe(0);
        BLOCKS.forEach(([lang, code], i) => {
          const page = read(join(site, 'dist'), `langs/${i}/index.html`);
          expect(page).toContain(codeBlockHtml(code, lang));
        });
      }
      // Languages that embed others by scope name are highlighted with them.
      expect(codeBlockHtml(BLOCKS[0][1], 'md')).toMatch(/--shiki-light:#D73A49[^>]*>const/);
      const block = (lang: string) => codeBlockHtml(BLOCKS.find(([name]) => name === lang)![1], lang);
      expect(block('markdown')).toMatch(/--shiki-light:#D73A49[^>]*>fn/);
      expect(block('vue')).toMatch(/--shiki-light:#E36209[^>]*>\$x/);
      expect(block('vue')).toMatch(/--shiki-light:#D73A49[^>]*>const/);
    } finally {
      remove(site);
    }
  }, 120_000);
});
