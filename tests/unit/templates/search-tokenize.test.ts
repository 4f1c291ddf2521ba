/**
 * The search tokenizer (templates/search/tokenize.ts): Chinese, Japanese, Korean and Thai text cut into words
 * by Intl.Segmenter, everything else split exactly as MiniSearch splits it, and an index built with it finds
 * a CJK word inside unspaced text.
 */
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { INDEX_OPTIONS, SEARCH_OPTIONS, type SearchDocument } from '../../../templates/search/options.ts';
import { needsSegmenting, tokenize } from '../../../templates/search/tokenize.ts';

const words = (text: string) => tokenize(text).filter(Boolean);

describe('tokenize', () => {
  it('splits ASCII text exactly as MiniSearch does, at each of its 128 characters (its own faster path)', () => {
    const minisearch = MiniSearch.getDefault('tokenize') as (text: string) => string[];
    for (let code = 0; code < 128; code++) {
      const text = `tunnel${String.fromCharCode(code)}webhook  forward${String.fromCharCode(code)}`;
      expect(tokenize(text), `character ${code}`).toEqual(minisearch(text));
    }
    const sentence = 'Forward a webhook: `ferry forward --port 3000` (see https://ferrygate.dev/docs#cli); 50% $5 a+b <x> ~y_z|w.';
    expect(tokenize(sentence)).toEqual(minisearch(sentence));
    // And text with a character beyond ASCII takes the Unicode split, to the same result.
    expect(tokenize(`${sentence} café naïve`)).toEqual(minisearch(`${sentence} café naïve`));
  });

  it('cuts Japanese into words', () => {
    expect(words('Webhookを転送します')).toEqual(['Webhook', 'を', '転送', 'し', 'ます']);
    expect(words('署名を検証する。サーバーを設定します')).toEqual(['署名', 'を', '検証', 'する', 'サーバー', 'を', '設定', 'し', 'ます']);
  });

  it('cuts Chinese into words', () => {
    expect(words('转发Webhook请求')).toEqual(['转发', 'Webhook', '请求']);
    expect(words('签名验证，然后转发。')).toEqual(['签名', '验证', '然后', '转发']);
  });

  it('keeps Korean words (spaced) and cuts Latin letters off them', () => {
    expect(words('웹훅을 로컬 서버로 전달합니다')).toEqual(['웹훅을', '로컬', '서버로', '전달합니다']);
    expect(words('API를 호출')).toEqual(['API', '를', '호출']);
  });

  it('cuts Thai, which has no spaces between words', () => {
    expect(words('ส่งต่อเว็บฮุค')).toEqual(['ส่ง', 'ต่อ', 'เว็บ', 'ฮุค']);
  });

  it('splits mixed English and Japanese: English words as before, Japanese runs into words', () => {
    expect(words('Use ferry tunnel (v1.2) でローカルに転送し、it’s done')).toEqual([
      'Use',
      'ferry',
      'tunnel',
      'v1',
      '2',
      'で',
      'ローカル',
      'に',
      '転送',
      'し',
      'it',
      's',
      'done',
    ]);
  });

  it('leaves Latin-script (and Cyrillic, Arabic…) text exactly as MiniSearch splits it', () => {
    const split = MiniSearch.getDefault('tokenize') as (text: string) => string[];
    for (const text of [
      'Tunnels forward HTTPS — and TCP — to localhost:8080; see “Webhook bins”.',
      ' leading and trailing, spaces ',
      'it’s a don’t-miss: e.g. x.y/z @user #tag 50%',
      'Переслать вебхук на локальный сервер',
      'إعادة توجيه الطلبات',
      'café naïve Straße ĳ',
      '',
    ]) {
      expect(needsSegmenting(text), text).toBe(false);
      expect(tokenize(text), text).toEqual(split(text));
    }
  });
});

/** Each unspaced piece segmented on its own: what tokenize's single pass over all of them must give. */
function pieceByPiece(text: string): string[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
  const unspaced = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
  return text
    .split(/[\n\r\p{Z}\p{P}]+/u)
    .flatMap((piece) => (unspaced.test(piece) ? [...segmenter.segment(piece)].filter((s) => s.isWordLike).map((s) => s.segment) : [piece]));
}

describe('tokenize, unspaced text in one pass', () => {
  it('gives the words each piece gives on its own, in order, for mixed text of every script', () => {
    const parts = [
      'Webhookを転送します',
      '署名を検証する',
      '转发Webhook请求',
      '然后转发',
      '웹훅을',
      '서버로',
      'ส่งต่อเว็บฮุค',
      'ລາວ',
      'ភាសាខ្មែរ',
      'မြန်မာ',
      'ferry',
      'v1.2',
      'café',
      'Переслать',
      '42',
      '漢',
      'カ',
      '。',
      '、',
      ', ',
      ' ',
      '\n',
      '\r\n',
      '—',
      '(',
      ')',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 12) }, () => parts[Math.floor(random() * parts.length)]).join('');
      expect(tokenize(text), JSON.stringify(text)).toEqual(pieceByPiece(text));
    }
  });
});

describe('an index built with it', () => {
  const index = new MiniSearch<SearchDocument>(INDEX_OPTIONS);
  const doc = (path: string, title: string, text: string): SearchDocument => ({ path, title, section: 'Docs', description: '', headings: '', text });
  index.addAll([
    doc('/ja/guide/forward', 'Webhookの転送', 'ローカルのサーバーにWebhookを転送します。'),
    doc('/zh-CN/guide/forward', '转发', '把Webhook请求转发到本地服务器。'),
    doc('/ko/guide/forward', '전달', '웹훅을 로컬 서버로 전달합니다.'),
    doc('/guide/forward', 'Forwarding', 'Forward webhooks to a local server.'),
  ]);
  const paths = (query: string) => index.search(query, SEARCH_OPTIONS).map((hit) => hit.id);

  it('finds a Japanese, a Chinese and a Korean word inside unspaced text', () => {
    expect(paths('転送')).toEqual(['/ja/guide/forward']);
    expect(paths('转发')).toEqual(['/zh-CN/guide/forward']);
    expect(paths('服务器')).toEqual(['/zh-CN/guide/forward']);
    expect(paths('서버')).toEqual(['/ko/guide/forward']); // the last word typed matches as a prefix (서버로)
  });

  it('still finds English words, in English and in Japanese text', () => {
    expect(paths('webhooks').sort()).toEqual(['/guide/forward', '/ja/guide/forward', '/zh-CN/guide/forward']);
    expect(paths('local server')).toEqual(['/guide/forward']);
  });
});
