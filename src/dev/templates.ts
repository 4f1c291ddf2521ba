/**
 * What `sitegen dev` renders with: the template bundle (imported once per new bundle), the assets (stylesheets,
 * runtime, islands), and the stylesheets' syntax errors as problems for the overlay.
 */
import type { SitegenError } from '../errors.ts';
import type { SiteAssets, Stylesheets } from '../output/assets.ts';
import type { Project } from '../pipeline/project.ts';
import { compileTemplates, siteStylesheets, stylesheetProblems, type CompiledTemplates } from '../pipeline/templates.ts';
import { importTemplates, type RenderModule } from '../render/render-page.ts';
import { overrideNearMisses } from '../render/overrides.ts';

export class DevTemplates {
  /** The imported bundle (set by the first `compile` that works). */
  mod!: RenderModule;
  assets!: SiteAssets;
  /** Files the template bundle was built from (layouts, components, pages, data). */
  inputs = new Set<string>();
  private bundleFile = '';
  /** A compile started ahead (`prepare`), taken by the next `compile`. */
  private started?: Promise<CompiledTemplates>;

  constructor(
    private readonly root: string,
    private readonly problems: Map<string, SitegenError[]>,
  ) {}

  /** Start compiling now (esbuild runs in its own process) and import the bundle as soon as it is there. */
  prepare(project: Project): void {
    const compiled = (this.started = compileTemplates(project));
    compiled.catch(() => undefined); // awaited by compile
    compiled.then((templates) => importTemplates(templates.bundle.file)).catch(() => undefined);
  }

  /** Compile (or take the compile `prepare` started) and import a new bundle; what does not compile or load throws (SG4002). */
  async compile(project: Project): Promise<void> {
    const started = this.started;
    this.started = undefined;
    const templates = await (started ?? compileTemplates(project));
    // Compiled: a compile error shown before is fixed.
    this.problems.delete('(templates)');
    const nearMisses = overrideNearMisses(project.root);
    if (nearMisses.length) this.problems.set('(overrides)', nearMisses);
    else this.problems.delete('(overrides)');
    this.setStylesheets(templates.assets);
    this.assets = templates.assets;
    if (templates.bundle.file !== this.bundleFile) {
      this.mod = await importTemplates(templates.bundle.file);
      this.bundleFile = templates.bundle.file;
    }
    this.inputs = new Set(templates.bundle.inputs);
  }

  /** Recompile the stylesheets alone (only a stylesheet changed). */
  async restyle(project: Project): Promise<void> {
    const sheets = await siteStylesheets(project);
    this.setStylesheets(sheets);
    this.assets = { ...this.assets, css: sheets.css, pageCss: sheets.pageCss, warnings: sheets.warnings };
  }

  /** The stylesheets' syntax errors are shown until they are fixed. */
  private setStylesheets(sheets: Stylesheets): void {
    const problems = stylesheetProblems(sheets, this.root);
    if (problems.length) this.problems.set('(styles)', problems);
    else this.problems.delete('(styles)');
  }
}
