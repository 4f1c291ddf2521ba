/**
 * The search index as MiniSearch's `toJSON` gives it (serialization version 2, what `MiniSearch.loadJSON` reads), made
 * straight from each field's terms rather than by building MiniSearch's radix tree only to serialize it. The same
 * document ids, field lengths, average field lengths, stored fields and term frequencies as `addAll` with
 * INDEX_OPTIONS; the terms come in code-unit order (MiniSearch lists them in its tree's order, which `loadJSON` ignores).
 */
import { INDEX_OPTIONS, processTerm, type SearchDocument } from './options.ts';

export type IndexedField = 'title' | 'headings' | 'description' | 'text';

const FIELDS = INDEX_OPTIONS.fields as IndexedField[];
const STORED = INDEX_OPTIONS.storeFields as (keyof SearchDocument)[];
/**
 * A field's terms as the tokenizer gives them (`i`: the document's place in the list), or already counted (`countTerms`'
 * string, made where the text was read).
 */
type TermsOf = (document: SearchDocument, field: IndexedField, i: number) => string[] | string;

/** What an index holds of a field: its length (the distinct terms as the tokenizer gave them), each term's count once processed. */
interface Counted {
  distinct: number;
  counts: Map<string, number>;
}

function counted(terms: string[]): Counted {
  const counts = new Map<string, number>();
  for (const raw of terms) {
    const term = processTerm(raw);
    if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return { distinct: new Set(terms).size, counts };
}

/**
 * A field's terms counted, as one string that crosses threads cheaply: `"<distinct>\n<term>\t<count>\n…"` (a processed
 * term holds neither a tab nor a line break: the text they come from has none).
 */
export function countTerms(terms: string[]): string {
  const { distinct, counts } = counted(terms);
  let out = String(distinct);
  for (const [term, count] of counts) out += `\n${term}\t${count}`;
  return out;
}

/** `countTerms`' string read back. */
function readCounted(text: string): Counted {
  const counts = new Map<string, number>();
  let at = text.indexOf('\n');
  const distinct = Number(at < 0 ? text : text.slice(0, at));
  while (at >= 0) {
    const end = text.indexOf('\n', at + 1);
    const line = end < 0 ? text.slice(at + 1) : text.slice(at + 1, end);
    const tab = line.lastIndexOf('\t');
    counts.set(line.slice(0, tab), Number(line.slice(tab + 1)));
    at = end;
  }
  return { distinct, counts };
}

const FIELD_IDS = JSON.stringify(Object.fromEntries(FIELDS.map((field, id) => [field, id])));

/**
 * What an index holds of one document: its stored fields, and for each field it has, MiniSearch's field length (the
 * distinct terms as the tokenizer gave them) and how often each term is in it once put through `processTerm`.
 */
function documentEntry(
  document: SearchDocument,
  id: number,
  termsOf: TermsOf,
): { stored: Partial<SearchDocument>; fields: { fieldId: number; distinct: number; counts: Map<string, number> }[] } {
  const stored: Record<string, unknown> = {};
  for (const name of STORED) if (document[name] !== undefined) stored[name] = document[name];
  const fields: { fieldId: number; distinct: number; counts: Map<string, number> }[] = [];
  FIELDS.forEach((field, fieldId) => {
    if (document[field] == null) return;
    const terms = termsOf(document, field, id);
    fields.push({ fieldId, ...(typeof terms === 'string' ? readCounted(terms) : counted(terms)) });
  });
  return { stored: stored as Partial<SearchDocument>, fields };
}

/**
 * The index of `documents` as JSON. `termsOf` splits a field's value into terms as INDEX_OPTIONS' `tokenize` does
 * (`i`: the document's place in `documents`); each term is then put through `processTerm`, as MiniSearch does.
 */
export function indexJson(documents: SearchDocument[], termsOf: TermsOf): string {
  /** Per term, per field id: each document's number and how often the term is in that field. */
  const postings = new Map<string, [number, number][][]>();
  const ids: Record<number, string> = {};
  const stored: Record<number, Partial<SearchDocument>> = {};
  const lengths: Record<number, number[]> = {};
  const average: number[] = [];
  documents.forEach((document, id) => {
    ids[id] = document.path;
    const entry = documentEntry(document, id, termsOf);
    stored[id] = entry.stored;
    const length: number[] = [];
    for (const { fieldId, distinct, counts } of entry.fields) {
      length[fieldId] = distinct;
      // MiniSearch's average field length, kept as it keeps it.
      average[fieldId] = ((average[fieldId] || 0) * id + distinct) / (id + 1);
      for (const [term, count] of counts) {
        let byField = postings.get(term);
        if (!byField) postings.set(term, (byField = []));
        (byField[fieldId] ??= []).push([id, count]);
      }
    }
    if (length.length) lengths[id] = length;
  });
  const terms = [...postings.keys()].sort();
  const index = terms.map((term) => {
    const byField = postings.get(term)!;
    const fields: string[] = [];
    byField.forEach((docs, fieldId) => {
      if (docs) fields.push(`"${fieldId}":{${docs.map(([id, count]) => `"${id}":${count}`).join(',')}}`);
    });
    return `[${JSON.stringify(term)},{${fields.join(',')}}]`;
  });
  const count = documents.length;
  return `{"documentCount":${count},"nextId":${count},"documentIds":${JSON.stringify(ids)},"fieldIds":${FIELD_IDS},"fieldLength":${JSON.stringify(lengths)},"averageFieldLength":${JSON.stringify(average)},"storedFields":${JSON.stringify(stored)},"dirtCount":0,"index":[${index.join(',')}],"serializationVersion":2}`;
}

/** MiniSearch's serialized index (version 2), as `indexJson` writes it. */
interface SerializedIndex {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, string>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, (number | null)[]>;
  averageFieldLength: (number | null)[];
  storedFields: Record<string, Partial<SearchDocument>>;
  dirtCount: number;
  index: [string, Record<string, Record<string, number>>][];
  serializationVersion: number;
}

const isEmpty = (object: object) => {
  for (const _ in object) return false;
  return true;
};

/**
 * `previous` (an index `indexJson` wrote) with the documents numbered `changed` made again from `documents`, the
 * same list but for those: the same JSON as `indexJson(documents, termsOf)`, without reading the other documents' terms.
 * Undefined when `previous` is not such an index of as many documents.
 */
export function patchIndexJson(previous: string, documents: SearchDocument[], changed: number[], termsOf: TermsOf): string | undefined {
  let index: SerializedIndex;
  try {
    index = JSON.parse(previous);
  } catch {
    return undefined;
  }
  if (index?.serializationVersion !== 2 || index.documentCount !== documents.length || !Array.isArray(index.index)) return undefined;
  // The changed documents' postings out, then theirs as they are now in.
  const byTerm = new Map(index.index.map((entry) => [entry[0], entry[1]]));
  for (const [, fields] of index.index) {
    for (const fieldId in fields) {
      const docs = fields[fieldId];
      for (const id of changed) delete docs[id];
      if (isEmpty(docs)) delete fields[fieldId];
    }
  }
  let added = false;
  for (const id of changed) {
    const document = documents[id];
    index.documentIds[id] = document.path;
    const entry = documentEntry(document, id, termsOf);
    index.storedFields[id] = entry.stored;
    const length: (number | null)[] = [];
    for (const { fieldId, distinct, counts } of entry.fields) {
      length[fieldId] = distinct;
      for (const [term, count] of counts) {
        let byField = byTerm.get(term);
        if (!byField) {
          byTerm.set(term, (byField = {}));
          added = true;
        }
        (byField[fieldId] ??= {})[id] = count;
      }
    }
    // A field the document lacks is a hole, as `indexJson`'s array has (null in JSON).
    for (let f = 0; f < length.length; f++) if (length[f] === undefined) length[f] = null;
    if (length.length) index.fieldLength[id] = length;
    else delete index.fieldLength[id];
  }
  // MiniSearch's running average, in document order, as `indexJson` keeps it.
  const average: (number | null)[] = [];
  for (let id = 0; id < documents.length; id++) {
    const length = index.fieldLength[id];
    if (!length) continue;
    length.forEach((n, fieldId) => {
      if (n !== null) average[fieldId] = (((average[fieldId] as number) || 0) * id + n) / (id + 1);
    });
  }
  for (let f = 0; f < average.length; f++) if (average[f] === undefined) average[f] = null;
  let entries = index.index.filter((entry) => !isEmpty(entry[1]));
  if (added) {
    const terms = [...byTerm.keys()].filter((term) => !isEmpty(byTerm.get(term)!)).sort();
    entries = terms.map((term) => [term, byTerm.get(term)!]);
  }
  const count = documents.length;
  return JSON.stringify({
    documentCount: count,
    nextId: count,
    documentIds: index.documentIds,
    fieldIds: JSON.parse(FIELD_IDS),
    fieldLength: index.fieldLength,
    averageFieldLength: average,
    storedFields: index.storedFields,
    dirtCount: 0,
    index: entries,
    serializationVersion: 2,
  });
}
