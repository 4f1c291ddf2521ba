import { INITIAL, type StateStack } from '@shikijs/vscode-textmate';
import { bundledLanguagesAlias, bundledLanguagesInfo } from 'shiki/langs';
import type { LanguageRegistration } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { describe, expect, it } from 'vitest';
import { GrammarSet } from '../../../src/markdown/grammars.ts';
import { readFileSync } from 'node:fs';
import { LANGUAGES, canonical, closestLanguage, editDistance, grammarModules, unknownLanguage } from '../../../src/markdown/languages.ts';
// @ts-expect-error: a plain JS script without types
import { languageTable } from '../../../scripts/languages.js';
import { INJECT_TO, LANGUAGE_IDS, LOAD_FIRST, SHIKI_ALIASES } from '../../../src/markdown/language-table.ts';

describe('language names', () => {
  it('knows every language shiki bundles, by id and by alias', () => {
    expect(LANGUAGES).toEqual(bundledLanguagesInfo.map((info) => info.id));
    for (const id of LANGUAGES) expect(canonical(id)).toBe(id);
    for (const alias of Object.keys(bundledLanguagesAlias)) expect(LANGUAGES).toContain(canonical(alias));
  });

  it('resolves the aliases writers use', () => {
    const expected: Record<string, string> = {
      sh: 'shellscript',
      shell: 'shellscript',
      bash: 'shellscript',
      zsh: 'shellscript',
      console: 'shellsession',
      ts: 'typescript',
      js: 'javascript',
      mjs: 'javascript',
      node: 'javascript',
      yml: 'yaml',
      rs: 'rust',
      kt: 'kotlin',
      py: 'python',
      rb: 'ruby',
      dockerfile: 'docker',
      'c#': 'csharp',
      'c++': 'cpp',
      pwsh: 'powershell',
      ps1: 'powershell',
      md: 'markdown',
      tf: 'terraform',
      hcl: 'hcl',
      JSON: 'json',
    };
    for (const [alias, id] of Object.entries(expected)) expect(canonical(alias), alias).toBe(id);
  });

  it('treats plain-text names and an empty language as known, anything else unknown', () => {
    for (const plain of ['', 'text', 'txt', 'plain', 'plaintext', 'TEXT']) expect(unknownLanguage(plain), plain).toBe(false);
    for (const known of ['rust', 'rs', 'Rust']) expect(unknownLanguage(known), known).toBe(false);
    for (const unknown of ['rsut', 'klingon', 'js{1,3}', '<script>']) expect(unknownLanguage(unknown), unknown).toBe(true);
  });
});

describe('closest language', () => {
  it('counts insertions, deletions, substitutions and swaps as one edit each', () => {
    expect(editDistance('rsut', 'rust')).toBe(1);
    expect(editDistance('pyhton', 'python')).toBe(1);
    expect(editDistance('go', 'golang')).toBe(4);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(2);
  });

  it('suggests the closest id or alias, preferring one of the same length', () => {
    expect(closestLanguage('rsut')).toBe('rust');
    expect(closestLanguage('pyhton')).toBe('python');
    expect(closestLanguage('typscript')).toBe('typescript');
    expect(closestLanguage('Javscript')).toBe('javascript');
    expect(closestLanguage('yamll')).toBe('yaml');
    expect(closestLanguage('dockerflie')).toBe('dockerfile');
  });

  it('suggests nothing when no name is close', () => {
    expect(closestLanguage('klingon')).toBeUndefined();
    expect(closestLanguage('qqqq')).toBeUndefined();
    expect(closestLanguage('x'.repeat(500))).toBeUndefined();
  });
});

describe('language table', () => {
  it('is the one scripts/languages.js makes from the shiki installed', async () => {
    const { version, ids, aliases, extra, injectTo } = await languageTable();
    expect({ ids: LANGUAGE_IDS, aliases: SHIKI_ALIASES, extra: LOAD_FIRST, injectTo: INJECT_TO }).toEqual({ ids, aliases, extra, injectTo });
    expect(readFileSync(new URL('../../../src/markdown/language-table.ts', import.meta.url), 'utf8')).toContain(`from shiki ${version}:`);
  }, 60_000);
});

const FENCE = '`'.repeat(3);
/** Constructs other grammars highlight when they are loaded: fences, inline HTML, Vue and Angular syntax, tagged templates. */
const SAMPLE = `# Title\n\n${FENCE}js\nconst a = css\`a { color: red }\`;\n${FENCE}\n\n${FENCE}rust\nfn main() {}\n${FENCE}\n<div v-if="x">{{ msg }}</div>\n<p *ngIf="y">@if (z) { {{ w }} }</p>\n<script>let x = 1;</script>\n<style>a { color: red }</style>\n<?php echo $x; ?>\nx = <<~SQL\n  SELECT 1\nSQL`;

async function modules(names: string[]): Promise<LanguageRegistration[][]> {
  return Promise.all(names.map(async (name) => ((await import(`shiki/langs/${name}.mjs`)) as { default: LanguageRegistration[] }).default));
}

function tokens(set: GrammarSet, lang: string): string[] {
  let state: StateStack = INITIAL;
  return SAMPLE.split('\n').map((line) => {
    const result = set.grammar(lang).tokenizeLine(line, state, 0);
    state = result.ruleStack;
    return JSON.stringify(result.tokens);
  });
}

describe('grammars loaded with what they reach', () => {
  it('tokenise alone exactly as with every other grammar loaded', async () => {
    const engine = await createOnigurumaEngine(import('shiki/wasm'));
    // Markdown embeds some seventy languages; the others are what Vue, Angular and tagged templates inject into.
    const langs = ['markdown', 'html-derivative', 'pug', 'angular-html', 'javascript', 'typescript', 'vue'];
    const all = new GrammarSet(engine);
    for (const mod of await modules(LANGUAGES.flatMap(grammarModules))) all.add(mod);
    for (const lang of langs) {
      const alone = new GrammarSet(engine);
      for (const mod of await modules(grammarModules(lang))) alone.add(mod);
      expect(tokens(alone, lang), lang).toEqual(tokens(all, lang));
    }
  }, 60_000);
});
