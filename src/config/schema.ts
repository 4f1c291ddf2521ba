/** The site config schema: one place that validates and holds every default. */
import { z } from 'zod';
import { notJson } from '../json-value.ts';
import type { LocaleInfo, ThemeConfig } from '../../templates/types.ts';
import { DEFAULT_OUTLINE, OUTLINE_EXPECTED, outlineLevels } from '../markdown/outline.ts';
import { scriptScheme } from '../html.ts';

/** A link target or image address: a path, `#anchor` or URL, never one that runs script (`javascript:` and the like). */
const href = z.string().refine((value) => !scriptScheme(value), 'a path or a URL other than javascript:, vbscript: or data:');
/** The site's own address, or a service's: an http(s) URL. */
const httpUrl = z
  .string()
  .url()
  .regex(/^https?:\/\//i, 'an http:// or https:// URL');

const link = z.object({ text: z.string(), href, description: z.string().optional() });

const themeFields = z.object({
  nav: z.array(link.extend({ items: z.array(link).optional(), activeMatch: z.string().optional() })).default([]),
  actions: z.array(link).default([]),
  footer: z.array(z.object({ title: z.string(), links: z.array(link) })).default([]),
  copyright: z.string().optional(),
  /** A status link under the footer blurb (`{ text: 'All systems operational', href: … }`). */
  status: link.omit({ description: true }).optional(),
  /** A line beside the copyright. */
  tagline: z.string().optional(),
  /** An image beside the site name in the header and footer (`{ src: '/logo.svg' }`); without one, the name alone. */
  logo: z.object({ src: href, width: z.number().int().positive().optional(), height: z.number().int().positive().optional() }).strict().optional(),
  /** Links to the site's profiles elsewhere, in the footer (`[{ text: 'GitHub', href: 'https://github.com/me' }]`). */
  social: z.array(link.omit({ description: true })).default([]),
  formEndpoint: href.optional(),
  /** The content folder holding the docs (doc layout, sidebar, prev/next); '' is the whole content folder. */
  docsRoot: z.string().default(''),
  docsSections: z.array(z.object({ dir: z.string(), title: z.string() })).default([]),
  docsExtraLinks: z.array(link).default([]),
  postCta: z.object({ title: z.string(), text: z.string(), href, label: z.string() }).optional(),
  /** The closing call to action of feature pages (`layout: feature`) and their hero button's default target; without it, none. */
  cta: z
    .object({ title: z.string(), text: z.string(), primary: link.omit({ description: true }), secondary: link.omit({ description: true }).optional() })
    .strict()
    .optional(),
  editLink: href.optional(),
  /** Labels for post categories by slug (`{ 'home-automation': 'Home automation' }`); others are title-cased. */
  categoryLabels: z.record(z.string()).default({}),
  search: z.boolean().default(false),
  searchAction: z.string().startsWith('/').default('/'),
});

/** Which headings "On this page" lists, as VitePress's `outline`: a level, `[min, max]`, `'deep'` or `false`. */
const outline = z.unknown().transform((value, ctx) => {
  if (value === undefined) return DEFAULT_OUTLINE;
  const levels = outlineLevels(value);
  if (levels === undefined) ctx.addIssue({ code: 'custom', message: OUTLINE_EXPECTED });
  return levels ?? z.NEVER;
});

const theme = themeFields
  .extend({
    outline,
    /** What differs in a locale's pages (`{ ja: { nav: […], footer: […] } }`): header, footer, sidebar labels, calls to action. */
    locales: z
      .record(
        z.string(),
        themeFields
          .omit({ docsRoot: true, logo: true, formEndpoint: true, search: true })
          .partial()
          // The site's description in the locale's language (its footer, feeds, and pages without their own).
          .extend({ description: z.string().optional() })
          .strict(),
      )
      .default({}),
    /** The docs' versions, the latest first: each a folder at the content root (`{ dir: 'v2', label: 'v2 (beta)' }`; the label is the folder's name by default) that is its pages' docs root. */
    versions: z
      .array(
        z
          .object({ dir: z.string().regex(/^\/*[^/]+\/*$/, 'a folder name like v2'), label: z.string().min(1).optional() })
          .strict()
          .transform(({ dir, label }) => {
            const folder = dir.replace(/^\/+|\/+$/g, '');
            return { dir: folder, label: label ?? folder };
          }),
      )
      .default([]),
  })
  .default({});

const redirect = z.union([
  z.string().startsWith('/'),
  z.string().url(),
  z.object({ to: z.string(), statusCode: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]).default(301) }),
]);

/** A route rule redirects; nothing else is applied (no host or server reads other fields), so no other key is taken. */
export const routeRuleSchema = z
  .object({
    redirect: redirect.optional(),
  })
  .strict();

const checkLevel = z.enum(['error', 'warn', 'off']);

const analytics = z.union([
  z.literal(false),
  z.object({
    provider: z.enum(['plausible', 'umami', 'fathom']),
    /** The site id or domain the provider knows the site by. */
    domain: z.string(),
    /** The provider's host, e.g. https://plausible.io */
    host: httpUrl,
  }),
]);

/** A plugin's options travel to every worker thread as data: plain JSON only. */
const pluginOptions = z.unknown().superRefine((value, ctx) => {
  const path = notJson(value);
  const message = "plain JSON (strings, numbers, booleans, null, arrays, objects; every worker thread gets a copy of a plugin's options)";
  if (path) ctx.addIssue({ code: 'custom', path, message });
});

export const pluginRef = z.union([z.string(), z.tuple([z.string(), pluginOptions])]);

export const configSchema = z
  .object({
    url: httpUrl.default('http://localhost:4321'),
    name: z.string().min(1).default('sitegen site'),
    description: z.string().default(''),
    twitter: z
      .string()
      .regex(/^@\w+$/, 'a handle like @name')
      .optional(),
    lang: z.string().default('en'),
    indexable: z.boolean().default(true),
    trailingSlash: z.boolean().default(false),
    separator: z.string().default('|'),
    base: z.string().startsWith('/').default('/'),
    /** The site's languages: codes, or `{ code, label, dir }`; the default's content is at the root, the others' in folders named by code. */
    locales: z
      .array(
        z.union([
          z.string().min(2),
          z.object({ code: z.string().min(2), label: z.string().min(1).optional(), dir: z.enum(['ltr', 'rtl']).optional() }).strict(),
        ]),
      )
      .default([]),
    defaultLocale: z.string().optional(),
    routeRules: z.record(z.string().startsWith('/'), routeRuleSchema).default({}),
    analytics: analytics.default(false),
    checkInterval: z.number().int().positive().default(3_600_000),
    /** Template plugins, in order. Without this key: the built-in SEO and markdown plugins. */
    plugins: z.array(pluginRef).optional(),
    middleware: z.record(z.function()).default({}),
    contentDir: z.string().default('content'),
    outDir: z.string().default('dist'),
    pagesDir: z.string().default('site/pages'),
    publicDir: z.string().default('site/public'),
    dataDir: z.string().default('site/data'),
    blogDir: z.string().default('blog'),
    /** The theme's blog listings, each with its page size, or `false` for none: the index (`/blog`, `/blog/page/2`), tag pages, author pages. */
    blog: z
      .object({
        index: z.union([z.literal(false), z.object({ pageSize: z.number().int().positive().default(10) }).strict()]).default({}),
        tags: z.union([z.literal(false), z.object({ pageSize: z.number().int().positive().default(20) }).strict()]).default({}),
        authors: z.union([z.literal(false), z.object({ pageSize: z.number().int().positive().default(20) }).strict()]).default({}),
      })
      .strict()
      .default({}),
    /** Where a document's `updated` comes from when its front matter has none: `'git'`, its last commit; `false`, its `date`. */
    lastUpdated: z.union([z.literal(false), z.literal('git')]).default(false),
    /** Canonical URLs keep only these query parameters. */
    canonicalQueryWhitelist: z.array(z.string()).default(['page', 'sort', 'filter', 'search', 'q', 'category', 'tag']),
    markdown: z
      .object({
        html: z.boolean().default(false),
        /** Number the lines of every code block; a fence's `:line-numbers` or `:no-line-numbers` decides for itself. */
        lineNumbers: z.boolean().default(false),
      })
      .default({}),
    /** Responsive images (src/output/image-variants.ts): the widths and formats local PNG, JPEG, WebP and AVIF images are resized to. */
    images: z
      .object({
        /** Widths in pixels; an image is never scaled up, so a narrower one gets the widths below its own and its own. */
        widths: z.array(z.number().int().min(16).max(8192)).min(1).default([640, 960, 1280, 1920]),
        /** Modern formats offered in `<source>`s, best first; the original's format is the `<img>` fallback. */
        formats: z.array(z.enum(['avif', 'webp'])).default(['webp']),
        /** Encoder quality 1–100 for every lossy format; unset: sharp's per-format default (WebP and JPEG 80, AVIF 50). */
        quality: z.number().int().min(1).max(100).optional(),
        /** The `sizes` attribute: how wide the image shows. The theme's content column is at most 780px wide. */
        sizes: z.string().min(1).default('(min-width: 800px) 780px, 100vw'),
        /** `false`: images are copied as they are, with no resized copies (the `<img>` keeps its size and lazy loading). */
        enabled: z.boolean().default(true),
      })
      .strict()
      .default({}),
    /** How each check counts: `error` fails the build, `warn` prints, `off` skips. */
    checks: z
      .object({
        links: checkLevel.default('error'),
        anchors: checkLevel.default('error'),
        images: checkLevel.default('error'),
        layouts: checkLevel.default('error'),
        dates: checkLevel.default('error'),
        slugs: checkLevel.default('error'),
        duplicates: checkLevel.default('error'),
        redirects: checkLevel.default('error'),
        encoding: checkLevel.default('warn'),
        authors: checkLevel.default('warn'),
        /** A fence whose language shiki does not know (it renders as plain text). */
        languages: checkLevel.default('warn'),
        /** Markdown that looks like an extension but is not one, such as an unknown `::: name` container. */
        markdown: checkLevel.default('warn'),
        /** UI strings a locale lacks (shown in English) and unknown keys in `site/i18n/*.json`. */
        strings: checkLevel.default('warn'),
        /** `lastUpdated: 'git'` without full history: a shallow clone, no git, no repository (SG2017). */
        gitHistory: checkLevel.default('warn'),
        /** A stylesheet in site/styles/ the CSS parser could not read all of (SG4004); it compiles without that part. */
        stylesheets: checkLevel.default('warn'),
        /** A file of site/components/ named like a theme component in another case, which replaces nothing (SG4006). */
        overrides: checkLevel.default('warn'),
      })
      .default({}),
    theme,
  })
  .strict();

export type ConfigInput = z.input<typeof configSchema>;
type Parsed = z.output<typeof configSchema>;

export type RouteMiddleware = (route: { path: string; source: string; data: Record<string, unknown> }) => boolean | Promise<boolean>;

export interface ResolvedConfig extends Omit<Parsed, 'middleware' | 'theme' | 'plugins' | 'locales'> {
  plugins: (string | [string, unknown])[];
  /** The configured locales, the default first, each with its label and direction. */
  locales: LocaleInfo[];
  defaultLocale: string;
  middleware: Record<string, RouteMiddleware>;
  theme: ThemeConfig;
  /** Absolute project root. */
  root: string;
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const proto = typeof value === 'object' ? Object.getPrototypeOf(value) : null;
  if (proto && proto !== Object.prototype) return `${proto.constructor?.name ?? 'class'} object`;
  return typeof value;
}

function valueAt(input: unknown, path: (string | number)[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** `! key: expected …, received …` for every problem. */
export function formatConfigIssues(error: z.ZodError, input: unknown): string[] {
  return error.issues.map((issue) => {
    const key = issue.path.join('.') || '(root)';
    const received = describe(valueAt(input, issue.path));
    switch (issue.code) {
      case 'invalid_type':
        return `! ${key}: expected ${issue.expected}, received ${issue.received === 'undefined' ? 'undefined' : received}`;
      case 'invalid_enum_value':
        return `! ${key}: expected one of ${issue.options.map((o) => JSON.stringify(o)).join(', ')}, received ${received}`;
      case 'unrecognized_keys':
        return `! ${key === '(root)' ? issue.keys.join(', ') : `${key}.${issue.keys.join(', ')}`}: expected no such key, received ${issue.keys.length === 1 ? 'an unknown key' : 'unknown keys'}`;
      case 'too_small':
        return `! ${key}: expected ${issue.type === 'string' ? `at least ${issue.minimum} character(s)` : `a value ${issue.inclusive ? '≥' : '>'} ${issue.minimum}`}, received ${received}`;
      case 'invalid_union':
        return `! ${key}: expected ${key === 'analytics' ? 'false or { provider, domain, host }' : 'a valid value'}, received ${received}`;
      default:
        return `! ${key}: expected ${issue.message.replace(/^Invalid (input: )?/i, '').replace(/^Expected /, '') || 'a valid value'}, received ${received}`;
    }
  });
}
