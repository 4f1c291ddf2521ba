/**
 * What plugins hand back, checked where sitegen takes it: a hook's result, the documents `content:loaded` leaves, the
 * head `page:data` leaves, and hooks by names sitegen never calls. A wrong value fails as the plugin's error.
 */
import type { ContentDocument } from '../content/types.ts';
import { editDistance } from '../edit-distance.ts';
import { HOOK_NAMES, type HeadData, type HookName, type SitegenPlugin } from './types.ts';

const isRecord = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a hook may return besides nothing, checked before sitegen uses it: a wrong value fails as the plugin's error. */
const RESULTS: Partial<Record<HookName, [check: (value: unknown) => boolean, expected: string]>> = {
  'config:resolved': [isRecord, 'the config object, or nothing when it changed the config in place'],
  'content:loaded': [Array.isArray, 'an array of documents, or nothing when it changed them in place'],
  'page:html': [(value) => typeof value === 'string', "the page's HTML as a string, or nothing to keep it"],
};

/** `null`, an array, a number, … as a person would name it. */
function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value} (${String(value).slice(0, 40)})`;
}

export function checkResult(hook: HookName, value: unknown): void {
  const rule = RESULTS[hook];
  if (rule && !rule[0](value)) throw new TypeError(`it returned ${kindOf(value)}; "${hook}" returns ${rule[1]}`);
}

/** Fields every document needs further on, with what each holds. */
const DOCUMENT_FIELDS: [keyof ContentDocument, (value: unknown) => boolean, string][] = [
  ['_id', (v) => typeof v === 'string' && v !== '', 'a string'],
  ['_path', (v) => typeof v === 'string' && v.startsWith('/'), 'a route starting with /'],
  ['_source', (v) => typeof v === 'string', 'a string'],
  ['_type', (v) => typeof v === 'string', 'a string'],
  ['title', (v) => typeof v === 'string', 'a string'],
  ['description', (v) => typeof v === 'string', 'a string'],
  ['frontmatter', (v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'an object'],
  ['links', Array.isArray, 'an array'],
  ['ids', Array.isArray, 'an array'],
  ['middleware', Array.isArray, 'an array'],
];

/** Documents as `content:loaded` left them: each still has what planning and rendering read. */
export function checkDocuments(docs: ContentDocument[]): void {
  for (const [i, doc] of docs.entries()) {
    const name = `documents[${i}]${typeof doc?._source === 'string' ? ` (${doc._source})` : ''}`;
    if (typeof doc !== 'object' || doc === null) throw new TypeError(`it left ${name} as ${kindOf(doc)}`);
    for (const [field, ok, holds] of DOCUMENT_FIELDS) {
      if (!ok(doc[field])) {
        const hint = doc._source === undefined ? ': a document a plugin adds starts as a copy of a parsed one ({ ...documents[0], … })' : '';
        throw new TypeError(`it left ${name} with ${field} ${kindOf(doc[field])}, where it is ${holds}${hint}`);
      }
    }
  }
}

/**
 * The head as `page:data` left it, made safe to print: a JSON-LD object becomes its JSON, a number or boolean attribute
 * its text. A tag other than meta or link (printed without its end tag, it would swallow the page) is an error.
 */
export function checkHead(head: HeadData | undefined): void {
  if (!head) return;
  if (typeof head.title !== 'string') throw new TypeError(`it set head.title to ${kindOf(head.title)}; the title is a string`);
  // Plain loops: this runs for every page and every plugin with page:data.
  const ld = head.jsonld;
  for (let i = 0; i < ld.length; i++) {
    const block: unknown = ld[i];
    if (typeof block === 'string') continue;
    if (!block || typeof block !== 'object') throw new TypeError(`it set head.jsonld[${i}] to ${kindOf(block)}; JSON-LD blocks are objects or JSON strings`);
    ld[i] = JSON.stringify(block);
  }
  const tags = head.tags;
  for (let i = 0; i < tags.length; i++) {
    const { tag, attrs } = tags[i];
    if (tag !== 'meta' && tag !== 'link') {
      throw new TypeError(
        `it added head.tags[${i}] as ${typeof tag === 'string' ? `<${tag}>` : kindOf(tag)}: head tags are "meta" or "link" (a script belongs in the layout or an island)`,
      );
    }
    for (const name in attrs) {
      const value: unknown = attrs[name];
      if (typeof value === 'string') continue;
      if (typeof value === 'number' || typeof value === 'boolean') attrs[name] = String(value);
      else throw new TypeError(`it set head.tags[${i}].attrs.${name} to ${kindOf(value)}; attributes are strings`);
    }
  }
}

/** One line per hook a plugin has that sitegen never calls (a typo, or a hook of another version), with the likely one. */
export function unknownHooks(plugins: SitegenPlugin[]): string[] {
  return plugins.flatMap((plugin) =>
    Object.keys(plugin.hooks)
      .filter((name) => !HOOK_NAMES.includes(name as HookName))
      .map((name) => {
        const near = HOOK_NAMES.find((known) => editDistance(name, known, 3) <= 2);
        return `plugin "${plugin.name}" has a hook sitegen does not call: "${name}"${near ? ` (did you mean "${near}"?)` : ''}; hooks: ${HOOK_NAMES.join(', ')}`;
      }),
  );
}
