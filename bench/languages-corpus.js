// Deterministic corpora for bench/languages.js (issue 44's goals), seeded like corpus.js, no dependencies.
//
// generateMultilingual: a docs folder in eight languages. English at the root, de, es, ja, zh-CN, ko,
//   ar and fa in folders, each a tree with the English page paths (some pages untranslated), written
//   in its own script: Japanese and Chinese unspaced, Arabic and Persian right to left.
// generateVersioned: corpus.js's docs (its blog left out) four times, as v2, v1, ja/v2 and ja/v1.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generateCorpus, mulberry32 } from './corpus.js';

const words = (text) => text.trim().split(/\s+/);

/**
 * Per language: its words, how they join (CJK: with particles and no space), a sentence's end, and
 * the share of English pages it translates.
 */
export const LANGUAGES = {
  en: {
    words: words(`webhook channel endpoint destination agent tunnel schedule delivery retry replay function rule request response
      header payload signature region domain certificate queue backoff cluster service config token secret stream event batch
      cursor timeout latency network proxy gateway route host port deploy build release version client server worker cache`),
    translated: 1,
  },
  de: {
    words: words(`Webhook Kanal Endpunkt Ziel Agent Tunnel Zeitplan Zustellung Wiederholung Funktion Regel Anfrage Antwort
      Kopfzeile Nutzlast Signatur Region Domäne Zertifikat Warteschlange Dienst Konfiguration Schlüssel Geheimnis Ereignis
      Stapel Zeitlimit Netzwerk Weiterleitung Server Version Speicher einrichten prüfen senden empfangen über für mit`),
    translated: 0.9,
  },
  es: {
    words: words(`webhook canal punto destino agente túnel programación entrega reintento función regla solicitud respuesta
      encabezado carga firma región dominio certificado cola servicio configuración clave secreto evento lote tiempo red
      puerta ruta servidor versión caché índice campo valor enviar recibir con para sobre`),
    translated: 0.9,
  },
  ja: {
    words: words(`転送 サーバー 設定 エージェント トンネル 配信 再試行 関数 規則 要求 応答 署名 領域 証明書 キュー 待機 構成
      秘密 イベント ネットワーク 経路 公開 索引 項目 確認 送信 受信 接続 ローカル 環境 検索 更新 文書 手順`),
    particles: words('の を に で が は と から'),
    end: 'します。',
    translated: 0.85,
  },
  'zh-CN': {
    words: words(`转发 服务器 配置 代理 隧道 投递 重试 函数 规则 请求 响应 签名 区域 证书 队列 服务 密钥 事件 网络 路由
      发布 版本 缓存 索引 字段 数值 检查 发送 接收 连接 本地 环境 搜索 更新 文档 步骤`),
    particles: words('的 在 和 将 把 从 对'),
    end: '。',
    translated: 0.8,
  },
  ko: {
    words: words(`웹훅 채널 엔드포인트 대상 에이전트 터널 일정 전달 재시도 함수 규칙 요청 응답 헤더 서명 지역 도메인 인증서
      대기열 서비스 구성 토큰 비밀 이벤트 네트워크 경로 서버 버전 캐시 색인 필드 값 검색 문서 설정합니다 보냅니다`),
    translated: 0.8,
  },
  ar: {
    words: words(`خطاف قناة نقطة وجهة وكيل نفق جدول تسليم إعادة دالة قاعدة طلب استجابة ترويسة حمولة توقيع منطقة نطاق شهادة
      طابور خدمة إعداد رمز سر حدث شبكة بوابة مسار خادم إصدار ذاكرة فهرس حقل قيمة في من إلى على`),
    translated: 0.75,
  },
  fa: {
    words: words(`وب‌هوک کانال نقطه مقصد عامل تونل زمان‌بندی تحویل تلاش تابع قاعده درخواست پاسخ سرآیند امضا منطقه دامنه
      گواهی صف سرویس پیکربندی توکن رمز رویداد شبکه مسیر سرور نسخه حافظه نمایه فیلد مقدار در از به با`),
    translated: 0.7,
  },
};
export const LOCALES = Object.keys(LANGUAGES);

const SECTIONS = ['guide', 'concepts', 'tutorials', 'reference', 'operations', 'integrations'];
const CODE = ['bash', 'yaml', 'json', 'js'];

/** One language's text: words, sentences, paragraphs, as the language writes them. */
function writer(lang, rand) {
  const { words: list, particles, end = '.' } = LANGUAGES[lang];
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const phrase = (n) =>
    particles
      ? Array.from({ length: n }, (_, i) => pick(list) + (i < n - 1 ? pick(particles) : '')).join('')
      : Array.from({ length: n }, () => pick(list)).join(' ');
  const sentence = () => {
    const s = phrase(5 + Math.floor(rand() * 8));
    return (particles ? s : s[0].toUpperCase() + s.slice(1)) + end;
  };
  const paragraph = (links = []) => {
    const parts = Array.from({ length: 4 + Math.floor(rand() * 3) }, sentence);
    parts[1] = `\`${pick(LANGUAGES.en.words)}\` ${parts[1]}`;
    parts[2] = `**${phrase(2)}** ${parts[2]}`;
    links.forEach((link, i) => (parts[3 + i] = `[${phrase(2)}](${link}) ${parts[3 + i] ?? ''}`));
    return parts.join(particles ? '' : ' ');
  };
  return { pick, phrase, sentence, paragraph };
}

/** English paths: `section/index.md`, `section/group-g/index.md`, `section/group-g/<n>.<slug>.md`. */
function layout(pages, rand) {
  const slug = () => `${writer('en', rand).phrase(2).replace(/ /g, '-').toLowerCase()}`;
  const files = [{ path: 'index.md', kind: 'home' }];
  const groups = Math.max(1, Math.round(pages / SECTIONS.length / 14));
  for (const section of SECTIONS) {
    files.push({ path: `${section}/index.md`, kind: 'index' });
    for (let g = 0; g < groups; g++) files.push({ path: `${section}/group-${g}/index.md`, kind: 'index' });
  }
  for (let i = 0; files.length < pages; i++) {
    const section = SECTIONS[i % SECTIONS.length];
    const group = Math.floor(i / SECTIONS.length) % groups;
    files.push({ path: `${section}/group-${group}/${1 + Math.floor(i / SECTIONS.length / groups)}.${slug()}-${i}.md`, kind: 'page' });
  }
  return files;
}

/** A page's markdown in `lang`: relative links to its folder's index and to its section's, so link checks run in every locale. */
function page(lang, file, rand) {
  const w = writer(lang, rand);
  const depth = file.path.split('/').length - 1;
  const up = (n) => (n ? '../'.repeat(n) : './');
  const links = file.kind === 'page' ? [`${up(0)}index.md`, `${up(1)}index.md`] : file.kind === 'index' ? [`${up(depth)}index.md`] : [];
  const sections = [];
  for (let s = 0; s < 3; s++)
    sections.push(`## ${w.phrase(3)} ${s + 1}`, '', w.paragraph(s === 0 ? links : []), '', `### ${w.phrase(2)}`, '', w.paragraph(), '');
  const body = [
    w.paragraph(),
    '',
    ...sections,
    `- ${w.sentence()}`,
    `- ${w.sentence()}`,
    '',
    `\`\`\`${w.pick(CODE)}`,
    `ferry forward --channel ${w.pick(LANGUAGES.en.words)} http://localhost:3000/hooks`,
    '```',
    '',
    `| ${w.phrase(1)} | ${w.phrase(1)} |`,
    '|---|---|',
    ...Array.from({ length: 3 }, () => `| \`${w.pick(LANGUAGES.en.words)}\` | ${w.phrase(3)} |`),
    '',
    w.paragraph(),
    '',
  ].join('\n');
  const title = `${w.phrase(2)} ${file.path.match(/(\d+)\.md$/)?.[1] ?? ''}`.trim();
  return `---\ntitle: "${title}"\ndescription: "${w.sentence()}"\n---\n\n${body}`;
}

/**
 * About `pages` documents over the eight languages in `dir`: each locale translates a share of
 * the English pages (every index page, so every link resolves). Returns the files per locale.
 */
export function generateMultilingual(dir, pages, seed = 44) {
  rmSync(dir, { recursive: true, force: true });
  const share = Object.values(LANGUAGES).reduce((n, l) => n + l.translated, 0);
  const english = layout(Math.round(pages / share), mulberry32(seed));
  const written = {};
  for (const [i, lang] of LOCALES.entries()) {
    const rand = mulberry32(seed + 1 + i);
    const folder = lang === 'en' ? dir : join(dir, lang);
    written[lang] = [];
    for (const file of english) {
      if (file.kind === 'page' && rand() >= LANGUAGES[lang].translated) continue;
      mkdirSync(join(folder, file.path, '..'), { recursive: true });
      writeFileSync(join(folder, file.path), page(lang, file, rand));
      written[lang].push(file.path);
    }
  }
  return written;
}

function* markdownFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) yield* markdownFiles(p);
    else if (entry.name.endsWith('.md')) yield p;
  }
}

/**
 * `pages` documents in four quarters, `v2`, `v1`, `ja/v2`, `ja/v1`: each corpus.js's docs (tutorials
 * and examples; its blog is not generated into the corpus) with a seed of its own, its links (to
 * `/v1/tutorials/set-0/tutorial-1`) pointed at the same page of its own quarter.
 */
export function generateVersioned(dir, pages, seed = 42) {
  rmSync(dir, { recursive: true, force: true });
  const quarter = Math.round(pages / 4);
  // corpus.js writes a post for every third file: this many files give `quarter` docs.
  const count = Math.ceil((quarter * 3) / 2);
  const scratch = `${dir}.scratch`;
  for (const [i, prefix] of ['v2', 'v1', 'ja/v2', 'ja/v1'].entries()) {
    generateCorpus(scratch, count, seed + i);
    for (const file of markdownFiles(join(scratch, 'v1'))) {
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replaceAll('](/v1/', `](/${prefix}/`));
    }
    mkdirSync(join(dir, prefix, '..'), { recursive: true });
    renameSync(join(scratch, 'v1'), join(dir, prefix));
  }
  rmSync(scratch, { recursive: true, force: true });
  return [...markdownFiles(dir)].map((f) => relative(dir, f));
}
