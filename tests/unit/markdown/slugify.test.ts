import { describe, expect, it } from 'vitest';
import { createSlugger, headingSlug, pathSlug } from '../../../src/markdown/slugify.ts';

describe('headingSlug (GitHub rule)', () => {
  it('keeps letters and digits of every script', () => {
    expect(headingSlug('日本語の見出し')).toBe('日本語の見出し');
    expect(headingSlug('Привет, мир')).toBe('привет-мир');
    expect(headingSlug('Café crème')).toBe('café-crème');
    expect(headingSlug('مرحبا بالعالم')).toBe('مرحبا-بالعالم');
  });
  it('lower-cases, drops punctuation except - and _, and turns each space into -', () => {
    expect(headingSlug('Install it')).toBe('install-it');
    expect(headingSlug('What is `sitegen.config`?')).toBe('what-is-sitegenconfig');
    expect(headingSlug('snake_case and kebab-case')).toBe('snake_case-and-kebab-case');
    expect(headingSlug('A & B')).toBe('a--b');
    expect(headingSlug('  Trimmed  ')).toBe('trimmed');
  });
  it('gives a heading with nothing left a usable id', () => {
    expect(headingSlug('!!!')).toBe('section');
  });
  it('numbers repeats the way GitHub does', () => {
    const slug = createSlugger();
    expect(['Intro', 'Intro', 'Intro', 'Intro-1'].map(slug)).toEqual(['intro', 'intro-1', 'intro-2', 'intro-1-1']);
  });
});

describe('pathSlug (one route segment)', () => {
  it('folds Latin accents and lower-cases', () => {
    expect(pathSlug('Café')).toBe('cafe');
    expect(pathSlug('Über uns')).toBe('uber-uns');
  });
  it('keeps letters of every script', () => {
    expect(pathSlug('日本語ガイド')).toBe('日本語ガイド');
    expect(pathSlug('Документация')).toBe('документация');
  });
  it('turns runs of anything else into one dash and never yields . or ..', () => {
    expect(pathSlug('What? Why!')).toBe('what-why');
    expect(pathSlug('..')).toBe('');
    expect(pathSlug('-a.b-')).toBe('a.b');
  });
});
