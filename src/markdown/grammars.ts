/**
 * The grammars a thread has loaded, and a TextMate registry over them that compiles a language's grammar the first time
 * it highlights. A language is always loaded with every grammar it may reach by scope name (languages.ts), so what its
 * grammar finds never depends on what else the thread loaded.
 *
 * Not shiki's own registry: it walks every grammar a language reaches each time a language is added, and a Markdown
 * fence reaches some seventy; here that walk happens once, for the languages a site's code blocks name.
 */
import { type IGrammar, type IRawGrammar, Registry } from '@shikijs/vscode-textmate';
import type { LanguageRegistration, RegexEngine } from 'shiki/core';
import { withInjections } from './languages.ts';

export class GrammarSet {
  private readonly byName = new Map<string, LanguageRegistration>();
  private readonly byScope = new Map<string, LanguageRegistration>();
  /** Target scope → the scopes of the grammars injected into it. */
  private readonly injections = new Map<string, string[]>();
  private readonly compiled = new Map<string, IGrammar>();
  private readonly registry: Registry;

  constructor(engine: RegexEngine) {
    this.registry = new Registry({
      onigLib: { createOnigScanner: (patterns) => engine.createScanner(patterns), createOnigString: (s) => engine.createString(s) },
      loadGrammar: (scope) => this.byScope.get(scope) as IRawGrammar | undefined,
      // As shiki's resolver: an injection into `text.html` reaches `text.html.markdown` too. Sorted, not in the order
      // they were loaded, as the order decides between injections of equal priority.
      getInjections: (scope) => {
        const parts = scope.split('.');
        return parts.flatMap((_, i) => this.injections.get(parts.slice(0, i + 1).join('.')) ?? []).sort();
      },
    });
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Add grammars (each once; a name already here keeps its first grammar). */
  add(grammars: Iterable<LanguageRegistration>): void {
    for (const raw of grammars) {
      if (this.byName.has(raw.name)) continue;
      const grammar = withInjections(raw);
      this.byName.set(grammar.name, grammar);
      this.byScope.set(grammar.scopeName, grammar);
      for (const target of grammar.injectTo ?? []) {
        const list = this.injections.get(target) ?? [];
        list.push(grammar.scopeName);
        this.injections.set(target, list);
      }
    }
  }

  /** A loaded language's grammar, compiled on first use (its rules compile as tokenising reaches them). */
  grammar(name: string): IGrammar {
    let grammar = this.compiled.get(name);
    if (grammar) return grammar;
    const lang = this.byName.get(name);
    if (!lang) throw new Error(`the ${name} grammar is not loaded`);
    grammar = this.registry.loadGrammarWithConfiguration(lang.scopeName, 1, {
      balancedBracketSelectors: lang.balancedBracketSelectors ?? ['*'],
      unbalancedBracketSelectors: lang.unbalancedBracketSelectors ?? [],
    })!;
    this.compiled.set(name, grammar);
    return grammar;
  }
}
