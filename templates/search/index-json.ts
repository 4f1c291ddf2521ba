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
const FIELD_IDS = JSON.stringify(Object.fromEntries(FIELDS.map((field, id) => [field, id])));

/**
 * The index of `documents` as JSON. `termsOf` splits a field's value into terms as INDEX_OPTIONS' `tokenize` does
 * (`i`: the document's place in `documents`); each term is then put through `processTerm`, as MiniSearch does.
 */
export function indexJson(documents: SearchDocument[], termsOf: (document: SearchDocument, field: IndexedField, i: number) => string[]): string {
  /** Per term, per field id: each document's number and how often the term is in that field. */
  const postings = new Map<string, [number, number][][]>();
  const ids: Record<number, string> = {};
  const stored: Record<number, Partial<SearchDocument>> = {};
  const lengths: Record<number, number[]> = {};
  const average: number[] = [];
  documents.forEach((document, id) => {
    ids[id] = document.path;
    const fields: Partial<SearchDocument> = {};
    for (const name of STORED) if (document[name] !== undefined) fields[name] = document[name];
    stored[id] = fields;
    const length: number[] = [];
    FIELDS.forEach((field, fieldId) => {
      if (document[field] == null) return;
      const terms = termsOf(document, field, id);
      // MiniSearch's field length: the distinct terms as the tokenizer gave them; its average, kept as it keeps it.
      length[fieldId] = new Set(terms).size;
      average[fieldId] = ((average[fieldId] || 0) * id + length[fieldId]) / (id + 1);
      const counts = new Map<string, number>();
      for (const raw of terms) {
        const term = processTerm(raw);
        if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, count] of counts) {
        let byField = postings.get(term);
        if (!byField) postings.set(term, (byField = []));
        (byField[fieldId] ??= []).push([id, count]);
      }
    });
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
