/** How markdown extensions report what a writer should fix: collected in the env, turned into SitegenErrors by the parse. */
/** A problem an extension found in the body: the parse turns it into a SitegenError at the document's file and line. */
export interface MarkdownProblem {
  code: 'SG2012' | 'SG2013' | 'SG2014' | 'SG2015' | 'SG2016' | 'SG2019';
  message: string;
  /** 0-based line in the markdown body (a token's `map[0]`). */
  line: number;
  column?: number;
  hint?: string;
}

/** Where renderMarkdown's env collects what `reportProblem` is given. */
export const PROBLEMS = 'sitegenProblems';

/** Report a problem from a markdown-it rule or plugin, with the env markdown-it passes to it. */
export function reportProblem(env: unknown, problem: MarkdownProblem): void {
  if (!env || typeof env !== 'object') return;
  const list = ((env as Record<string, unknown>)[PROBLEMS] ??= []) as MarkdownProblem[];
  if (!list.some((p) => p.code === problem.code && p.line === problem.line && p.message === problem.message)) list.push(problem);
}
