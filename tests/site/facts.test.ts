/**
 * The Ferrygate site agrees with site/facts.md and site/facts.json: every `ferry` command fits the
 * CLI grammar, every config snippet its schema, every Ferrygate-* header is a defined one, shown
 * signatures are real, the HMAC verifiers in Python and JavaScript verify a known vector, and no
 * post uses a feature before the post that announced it. No build, no network; a few seconds.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, remove, tempDir } from '../helpers.ts';
import { checkInvocation, validate, type Grammar, type Schema } from './facts-grammar.ts';
import { invocationsInBlock, invocationsInLine, siteSources, type Block, type Invocation, type ShellProblem, type Source } from './facts-sources.ts';

interface Facts {
  cli: Grammar;
  output: Record<string, string[]>;
  headers: Record<string, string[]>;
  environment: Record<string, string[]>;
  schedulePlaceholders: string[];
  features: { date: string; feature: string; post: string; mentions?: string[]; generic?: string[] }[];
  config: Record<string, Schema> & { operator: Record<string, Schema> };
}

const facts = JSON.parse(readFileSync(join(ROOT, 'site/facts.json'), 'utf8')) as Facts;
const factsMd = readFileSync(join(ROOT, 'site/facts.md'), 'utf8');
const sources = siteSources();
const where = (s: { file: string; line: number }) => `${s.file}:${s.line}`;

// ---------------------------------------------------------------------------------------------
describe('the ferry CLI', () => {
  const problems: ShellProblem[] = [];
  const samples: Invocation[] = sources.flatMap((s) => s.blocks.flatMap((b) => invocationsInBlock(b, problems)));
  const mentions: Invocation[] = sources.flatMap((s) =>
    s.spans.flatMap((span) => invocationsInLine(span.text, { file: span.file, line: span.line }, problems)),
  );

  it('finds the commands of the site (a sanity check on the extraction)', () => {
    expect(samples.length).toBeGreaterThan(300);
    expect(mentions.length).toBeGreaterThan(100);
    const tsx = samples.filter((i) => i.file.endsWith('.tsx'));
    expect(new Set(tsx.map((i) => i.file)).size).toBeGreaterThanOrEqual(4);
  });

  it('every ferry command in a code sample fits the grammar in site/facts.json', () => {
    const bad = samples.flatMap((inv) =>
      checkInvocation(facts.cli, inv.argv, inv.text, 'sample', inv.openEnded).map((p) => `${where(inv)}: ${p}\n    ${inv.text}`),
    );
    expect(bad).toEqual([]);
  });

  it('every ferry command in inline code names real commands and flags', () => {
    const bad = mentions.flatMap((inv) => checkInvocation(facts.cli, inv.argv, inv.text, 'mention').map((p) => `${where(inv)}: ${p}\n    ${inv.text}`));
    expect(bad).toEqual([]);
  });

  it('gives the ferrygate/ferryd image a command only with the binary (docker run and Compose)', () => {
    const bad = problems.map((p) => `${where(p)}: ${p.message}`);
    for (const block of yamlBlocks()) {
      for (const doc of block.docs) {
        const services = (doc as { services?: Record<string, { image?: string; command?: unknown }> })?.services;
        for (const [name, service] of Object.entries(services ?? {})) {
          if (!/^ferrygate\/ferryd(:|$)/.test(service?.image ?? '') || service.command === undefined) continue;
          const first = Array.isArray(service.command) ? service.command[0] : String(service.command).trim().split(/\s+/)[0];
          if (first !== 'ferry') bad.push(`${where(block)}: service ${name} runs "${String(service.command)}": the command must start with "ferry"`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('prints `ferry channel create`, `ferry endpoint create` and `ferry bin create` output in one format', () => {
    const [channelLine, firstEndpoint, url] = facts.output.channelCreate.map((p) => new RegExp(p));
    const [namedEndpoint] = facts.output.endpointCreate.map((p) => new RegExp(p));
    const [binLine, captureLine] = facts.output.binCreate.map((p) => new RegExp(p));
    const bad: string[] = [];
    for (const block of sources.flatMap((s) => s.blocks)) {
      const lines = block.code.split('\n').map((l) => l.replace(/^\s*#\s?/, ''));
      lines.forEach((full, i) => {
        const at = `${block.file}:${block.line + 1 + i}`;
        const line = full.trimStart();
        if (/^(✔ |✓ )?(created channel\b|channel\b.*\bcreated\b)/i.test(line)) {
          if (!channelLine.test(line)) bad.push(`${at}: channel line "${line}" is not ${channelLine}`);
          else if (!firstEndpoint.test(lines[i + 1] ?? '') || !url.test(lines[i + 2] ?? ''))
            bad.push(`${at}: the channel line must be followed by its first endpoint and URL`);
        }
        if (/^(✔ |✓ )?(created endpoint\b|endpoint\b.*\bcreated\b)|^endpoint ep_/i.test(line)) {
          if (!firstEndpoint.test(line) && !namedEndpoint.test(line)) bad.push(`${at}: endpoint line "${line}" is in neither format`);
          else if (!url.test(lines[i + 1] ?? '')) bad.push(`${at}: the endpoint line must be followed by its URL`);
        }
        if (/^(✔ |✓ )?(created bin\b|bin [a-z0-9]+ created\b)/i.test(line)) {
          if (!binLine.test(line)) bad.push(`${at}: bin line "${line}" is not ${binLine}`);
          else if (!captureLine.test(lines[i + 1] ?? '')) bad.push(`${at}: the bin line must be followed by its capture URL`);
        }
      });
    }
    expect(bad).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
interface YamlBlock extends Block {
  docs: unknown[];
  date?: string;
  error?: string;
}

function yamlBlocks(): YamlBlock[] {
  return sources.flatMap((s: Source) =>
    s.blocks
      .filter((b) => /^ya?ml$/i.test(b.lang))
      .map((b) => {
        try {
          return { ...b, date: s.date, docs: yaml.safeLoadAll(b.code).filter((d) => d !== null && d !== undefined) };
        } catch (error) {
          return { ...b, date: s.date, docs: [], error: (error as Error).message.split('\n')[0] };
        }
      }),
  );
}

const FERRY_YAML_KEYS = Object.keys(facts.config['ferry.yaml'].properties ?? {});
const HELM_ONLY = ['replicaCount', 'credentials', 'ingressController', 'resources'];
const HA_ADDON_3 = facts.features.find((f) => /Home Assistant add-on 3/.test(f.feature))!.date;

/** Which schema a YAML document follows, judged by its keys, its first comment and its page. */
function kindOf(block: YamlBlock, doc: Record<string, unknown>): string | undefined {
  const keys = Object.keys(doc);
  const comment = /^\s*#\s*(.*)/.exec(block.code)?.[1] ?? '';
  if (typeof doc.apiVersion === 'string' && doc.apiVersion.startsWith('ferrygate.dev')) return 'operator';
  if (/values/.test(comment) || keys.some((k) => HELM_ONLY.includes(k)) || (doc.proxy && typeof doc.proxy === 'object')) return 'helm-ferryd';
  if (
    keys.some((k) => k.startsWith('access_key') || k === 'access_secret') ||
    (/home-assistant/.test(block.file) && keys.every((k) => ['tunnels', 'forward'].includes(k)))
  ) {
    // Posts from before add-on 3.0 show the options of their time.
    return block.date && block.date < HA_ADDON_3 ? undefined : 'home-assistant-addon';
  }
  if (/ferry\.yaml/.test(comment) || (keys.length && keys.every((k) => FERRY_YAML_KEYS.includes(k)))) return 'ferry.yaml';
  return undefined;
}

describe('config snippets', () => {
  const blocks = yamlBlocks();

  it('parse as YAML', () => {
    expect(blocks.filter((b) => b.error).map((b) => `${where(b)}: ${b.error}`)).toEqual([]);
  });

  it('every ferry.yaml snippet fits the ferry.yaml schema', () => {
    const checked = blocks.flatMap((b) =>
      b.docs.filter((d) => d && typeof d === 'object' && kindOf(b, d as Record<string, unknown>) === 'ferry.yaml').map((d) => ({ b, d })),
    );
    expect(checked.length).toBeGreaterThan(15);
    const bad = checked.flatMap(({ b, d }) => validate(facts.config['ferry.yaml'], d).map((p) => `${where(b)}: ${p}`));
    expect(bad).toEqual([]);
  });

  it('Home Assistant add-on options, ferryd Helm values and operator resources fit their schemas', () => {
    const bad: string[] = [];
    const counts: Record<string, number> = {};
    for (const b of blocks) {
      for (const d of b.docs) {
        if (!d || typeof d !== 'object' || Array.isArray(d)) continue;
        const doc = d as Record<string, unknown>;
        const kind = kindOf(b, doc);
        if (!kind || kind === 'ferry.yaml') continue;
        counts[kind] = (counts[kind] ?? 0) + 1;
        if (kind === 'operator') {
          const schema = facts.config.operator[String(doc.kind)];
          if (doc.apiVersion !== 'ferrygate.dev/v1' || !schema) bad.push(`${where(b)}: unknown resource ${String(doc.apiVersion)} ${String(doc.kind)}`);
          else bad.push(...validate(schema, doc.spec, 'spec').map((p) => `${where(b)}: ${doc.kind} ${p}`));
        } else {
          bad.push(...validate(facts.config[kind], doc).map((p) => `${where(b)}: ${kind}: ${p}`));
        }
      }
    }
    expect(bad).toEqual([]);
    expect(counts).toMatchObject({ operator: expect.any(Number), 'helm-ferryd': expect.any(Number), 'home-assistant-addon': expect.any(Number) });
  });

  it('Home Assistant automations in the docs use the current syntax (triggers:, actions:)', () => {
    const bad: string[] = [];
    for (const b of blocks.filter((x) => !x.date)) {
      const list = b.docs.flatMap((d) => (Array.isArray(d) ? d : ((d as { automation?: unknown[] })?.automation ?? [])));
      for (const item of list as Record<string, unknown>[]) {
        if (!item || typeof item !== 'object' || !('alias' in item)) continue;
        for (const old of ['trigger', 'action', 'condition']) if (old in item) bad.push(`${where(b)}: "${old}:" is the old automation syntax, use "${old}s:"`);
        const text = JSON.stringify(item);
        if (/"platform":/.test(text) || /"service":/.test(text)) bad.push(`${where(b)}: "platform:"/"service:" are the old syntax, use "trigger:"/"action:"`);
      }
    }
    expect(bad).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
describe('names', () => {
  const headerSection = /## Headers\n([\s\S]*?)\n## /.exec(factsMd)?.[1] ?? '';
  const defined = new Set([...headerSection.matchAll(/`(Ferrygate-[A-Za-z-]+)`/g)].map((m) => m[1]));

  it('facts.md defines the headers that facts.json lists', () => {
    const listed = Object.entries(facts.headers)
      .filter(([k]) => !k.startsWith('$'))
      .flatMap(([, v]) => v);
    expect([...defined].sort()).toEqual(listed.sort());
  });

  it('every Ferrygate-* header on the site is one that facts.md defines', () => {
    const canonical = (lower: string) =>
      lower
        .split(/[-_]/)
        .map((p) => p[0].toUpperCase() + p.slice(1).toLowerCase())
        .join('-');
    const bad: string[] = [];
    for (const s of sources) {
      const found = [
        ...[...s.raw.matchAll(/\bFerrygate-[A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)*\b/g)].map((m) => m[0]),
        // header lookups in code: headers['ferrygate-x'], req.get('ferrygate-x'), "ferrygate-x": … in a headers object
        ...[
          ...s.raw.matchAll(/(?:headers?\s*(?:\[|\.get\(|\.Get\()|\.get\(|header\()\s*['"`]ferrygate-([a-z-]+)['"`]|["']ferrygate-([a-z-]+)["']\s*:\s*["']/gi),
        ].map((m) => 'Ferrygate-' + canonical(m[1] ?? m[2])),
        ...[...s.raw.matchAll(/\bHTTP_FERRYGATE_([A-Z_]+)/g)].map((m) => 'Ferrygate-' + canonical(m[1])),
      ];
      for (const name of new Set(found)) if (!defined.has(name)) bad.push(`${s.file}: ${name} is not defined in site/facts.md`);
    }
    expect(bad).toEqual([]);
  });

  it('FG_* variables are the agent’s own; a receiver’s signing secret is FERRYGATE_SIGNING_SECRET', () => {
    const agent = new Set([...facts.environment.agent, ...facts.environment.dockerImage]);
    const receiver = new Set(facts.environment.receiver);
    const bad: string[] = [];
    for (const s of sources) {
      for (const m of s.raw.matchAll(/\bFG_[A-Z_]+\b/g)) if (!agent.has(m[0])) bad.push(`${s.file}: ${m[0]} is not a ferry variable`);
      // Read from the environment: os.environ["X"], process.env.X, getenv("X"), ENV["X"], $X, export X=, Environment=X=
      for (const m of s.raw.matchAll(
        /(environ\[["']|environ\.get\(["']|process\.env\.|getenv\(["']|ENV\[["']|\$\{?|export\s+|Environment=)([A-Z][A-Z0-9_]*SIGNING_SECRET)\b/g,
      )) {
        if (!receiver.has(m[2])) bad.push(`${s.file}: the signing secret is read from ${m[2]}, not FERRYGATE_SIGNING_SECRET`);
      }
    }
    expect([...new Set(bad)]).toEqual([]);
  });

  it('schedule placeholders are spelled one way', () => {
    const allowed = new Set(facts.schedulePlaceholders.map((p) => `{{ ${p} }}`));
    const bad: string[] = [];
    for (const s of sources) {
      for (const m of s.raw.matchAll(/\{\{\s*((?:run|schedule)[._][a-z_.]+|scheduled_at|run_id)\s*\}\}/g)) {
        if (!allowed.has(m[0])) bad.push(`${s.file}: ${m[0]}`);
      }
    }
    expect(bad).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
const hmacHex = (secret: string | Buffer, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

describe('signatures', () => {
  it('every signature shown next to its body and secret is the real HMAC', () => {
    const bad: string[] = [];
    let vectors = 0;
    for (const s of sources) {
      const computed: { hex: string; bytes: number }[] = [];
      for (const b of s.blocks) {
        const code = b.code.replace(/\\\n\s*/g, ' ');
        for (const m of code.matchAll(/printf '%s' '([^']*)'\s*\|\s*openssl dgst -sha256 -hmac '([^']*)'/g)) {
          computed.push({ hex: hmacHex(m[2], m[1]), bytes: Buffer.byteLength(m[1]) });
        }
      }
      if (!computed.length) continue;
      vectors += computed.length;
      const lines = s.raw.split('\n');
      lines.forEach((line, i) => {
        for (const m of line.matchAll(/(?:sha256=|v1=|SHA2-256\(stdin\)=\s*)([0-9a-f]{6,64})(…)?/g)) {
          const match = computed.find((c) => (m[2] ? c.hex.startsWith(m[1]) : c.hex === m[1]));
          if (!match) {
            bad.push(`${s.file}:${i + 1}: ${m[0]} is not the HMAC of the body and secret shown on this page`);
            continue;
          }
          // A `ferry bin tail` line just above a signature reports the size of the same body.
          for (const above of lines.slice(Math.max(0, i - 3), i)) {
            const size = /^\d\d:\d\d:\d\d(?:\.\d+)?\s+[A-Z]+\s+\S+\s+(\d+) B\b/.exec(above);
            if (size && Number(size[1]) !== match.bytes) bad.push(`${s.file}:${i + 1}: the request is ${match.bytes} bytes, not ${size[1]} B`);
          }
        }
      });
    }
    expect(vectors).toBeGreaterThan(0);
    expect(bad).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Verifiers of the `t=<unix>,v1=<hex>` scheme (Ferrygate's, and Stripe's, which has the same shape),
// in Python and JavaScript, taken from the pages and run against a known vector.

interface Verifier {
  id: string;
  lang: 'js' | 'python';
  code: string;
  fn: string;
  params: string[];
}

const VERIFIER_NAME = /verify|signed|valid/i;

function verifiers(): Verifier[] {
  const blocks: Block[] = sources.flatMap((s) => s.blocks);
  const found: Verifier[] = [];
  for (const b of blocks) {
    const lang = /^(js|javascript|mjs)$/i.test(b.lang) ? 'js' : /^(python|py)$/i.test(b.lang) ? 'python' : undefined;
    if (!lang || !/\bv1\b/.test(b.code) || /webhook-signature|webhook-id|\bctx\b/.test(b.code)) continue;
    if (!(lang === 'js' ? /createHmac/ : /hmac\.new/).test(b.code)) continue;
    const pattern = lang === 'js' ? /(?:function\s+(\w+)\s*\(([^)]*)\)|const\s+(\w+)\s*=\s*\(([^)]*)\)\s*=>)/g : /^def\s+(\w+)\(([^)]*)\)/gm;
    for (const m of b.code.matchAll(pattern)) {
      const fn = m[1] ?? m[3];
      const params = (m[2] ?? m[4])
        .split(',')
        .map((p) => p.trim().split(/[\s:=]/)[0])
        .filter(Boolean);
      const roles = params.map(role);
      if (VERIFIER_NAME.test(fn) && roles.includes('header') && roles.includes('body'))
        found.push({ id: `${b.file}:${b.line}`, lang, code: b.code, fn, params });
    }
  }
  return found;
}

function role(param: string): 'header' | 'body' | 'secret' | 'other' {
  if (/header|sig/i.test(param)) return 'header';
  if (/body|raw|payload/i.test(param)) return 'body';
  if (/secret|key/i.test(param)) return 'secret';
  return 'other';
}

const SECRET = 'whsec_known_vector_2026';
/** JSON with multi-byte UTF-8, and a Latin-1 form body that is not valid UTF-8 at all. */
const BODIES = [Buffer.from('{"id":"evt_1","name":"Zoë","total":"€12"}'), Buffer.from('name=Zo\xe9&city=K\xf6ln', 'latin1')];

interface Case {
  name: string;
  header: string | null;
  body: Buffer;
  expect: boolean;
}
function cases(now: number): Case[] {
  const sign = (t: number, body: Buffer, secret = SECRET) => hmacHex(secret, Buffer.concat([Buffer.from(`${t}.`), body]));
  const [json, latin1] = BODIES;
  return [
    { name: 'valid UTF-8 body', header: `t=${now},v1=${sign(now, json)}`, body: json, expect: true },
    { name: 'valid body that is not UTF-8', header: `t=${now},v1=${sign(now, latin1)}`, body: latin1, expect: true },
    { name: 'two v1 values during a rotation', header: `t=${now},v1=${sign(now, json, 'old-secret')},v1=${sign(now, json)}`, body: json, expect: true },
    { name: 'tampered body', header: `t=${now},v1=${sign(now, json)}`, body: Buffer.from('{"id":"evt_1","name":"Zoe","total":"€12"}'), expect: false },
    { name: 'wrong secret', header: `t=${now},v1=${sign(now, json, 'someone-else')}`, body: json, expect: false },
    { name: 'ten minutes old', header: `t=${now - 600},v1=${sign(now - 600, json)}`, body: json, expect: false },
    { name: 'missing header', header: null, body: json, expect: false },
    { name: 'non-ASCII signature', header: `t=${now},v1=é${sign(now, json).slice(2)}`, body: json, expect: false },
    { name: 'garbage header', header: 'nonsense', body: json, expect: false },
  ];
}

const JS_RUNNER = `
const [snippets, cases, secret] = JSON.parse(process.argv.at(-1));
process.env.FERRYGATE_SIGNING_SECRET = secret;
process.env.STRIPE_WEBHOOK_SECRET = secret;
const out = [];
for (const s of snippets) {
  const results = [];
  try {
    const mod = await import(s.file);
    const fn = mod[s.fn];
    for (const c of cases) {
      const byRole = { header: c.header ?? undefined, body: Buffer.from(c.body, 'base64'), secret, other: undefined };
      try { results.push({ name: c.name, got: Boolean(await fn(...s.roles.map((r) => byRole[r]))) }); }
      catch (e) { results.push({ name: c.name, error: String(e && e.message || e) }); }
    }
  } catch (e) { results.push({ name: 'import', error: String(e && e.message || e) }); }
  out.push({ id: s.id, results });
}
console.log(JSON.stringify(out));
process.exit(0);
`;

const PY_RUNNER = `
import base64, importlib.util, json, os, sys
from unittest import mock
snippets, cases, secret = json.loads(sys.argv[1])
for name in ("FERRYGATE_SIGNING_SECRET", "STRIPE_WEBHOOK_SECRET"):
    os.environ[name] = secret
out = []
for s in snippets:
    results = []
    for mod in s["thirdParty"]:
        sys.modules[mod] = mock.MagicMock()
    try:
        spec = importlib.util.spec_from_file_location("snippet_%d" % len(out), s["file"])
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        fn = getattr(module, s["fn"])
        for c in cases:
            by_role = {"header": c["header"], "body": base64.b64decode(c["body"]), "secret": secret.encode(), "other": None}
            try:
                results.append({"name": c["name"], "got": bool(fn(*[by_role[r] for r in s["roles"]]))})
            except Exception as e:
                results.append({"name": c["name"], "error": "%s: %s" % (type(e).__name__, e)})
    except Exception as e:
        results.append({"name": "import", "error": "%s: %s" % (type(e).__name__, e)})
    out.append({"id": s["id"], "results": results})
print(json.dumps(out))
`;

function available(command: string): boolean {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

describe('HMAC verifiers on the site run against a known vector', () => {
  const all = verifiers();
  const dir = tempDir('ferrygate-verifiers-');
  afterAll(() => remove(dir));

  it('finds the verifiers', () => {
    expect(all.filter((v) => v.lang === 'js').length).toBeGreaterThanOrEqual(4);
    expect(all.filter((v) => v.lang === 'python').length).toBeGreaterThanOrEqual(2);
  });

  const run = (lang: 'js' | 'python'): string[] => {
    const now = Math.floor(Date.now() / 1000);
    const list = all.filter((v) => v.lang === lang);
    const payload = cases(now).map((c) => ({ ...c, body: c.body.toString('base64') }));
    const snippets = list.map((v, i) => {
      const file = join(dir, `${lang}-${i}.${lang === 'js' ? 'mjs' : 'py'}`);
      let code = v.code;
      let thirdParty: string[] = [];
      if (lang === 'js') {
        // Third-party packages become do-nothing stubs, so an Express app loads without Express.
        for (const m of code.matchAll(/^import\s+(?:(\w+)|\{([^}]*)\})\s+from\s+["']([^"']+)["'];?$/gm)) {
          const spec = m[3];
          if (spec.startsWith('node:') || builtinModules.includes(spec) || spec.startsWith('.')) continue;
          const stubDir = join(dir, 'node_modules', spec);
          mkdirSync(stubDir, { recursive: true });
          const named = (m[2] ?? '')
            .split(',')
            .map((n) => n.trim().split(/\s+as\s+/)[0])
            .filter(Boolean);
          writeFileSync(join(stubDir, 'package.json'), JSON.stringify({ name: spec, type: 'module', main: 'index.js' }));
          writeFileSync(
            join(stubDir, 'index.js'),
            [
              'const stub = new Proxy(function () {}, { get: (t, p) => (p === "then" ? undefined : stub), apply: () => stub, construct: () => stub });',
              'export default stub;',
              ...named.map((n) => `export const ${n} = stub;`),
            ].join('\n'),
          );
        }
        if (!new RegExp(`export\\s+(async\\s+)?function\\s+${v.fn}\\b`).test(code)) code += `\nexport { ${v.fn} };\n`;
      } else {
        const stdlib = new Set(
          JSON.parse(execFileSync('python3', ['-c', 'import sys, json; print(json.dumps(sorted(sys.stdlib_module_names)))'], { encoding: 'utf8' })) as string[],
        );
        thirdParty = [...code.matchAll(/^(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))/gm)]
          .map((m) => (m[1] ?? m[2]).split('.')[0])
          .filter((n) => n !== '__future__' && !stdlib.has(n));
      }
      writeFileSync(file, code);
      return { id: v.id, file, fn: v.fn, roles: v.params.map(role), thirdParty };
    });
    const args = JSON.stringify([snippets, payload, SECRET]);
    const stdout =
      lang === 'js'
        ? execFileSync(process.execPath, ['--input-type=module', '-e', JS_RUNNER, args], { cwd: dir, encoding: 'utf8', timeout: 15_000 })
        : execFileSync('python3', ['-c', PY_RUNNER, args], { cwd: dir, encoding: 'utf8', timeout: 15_000 });
    const expected = new Map(cases(now).map((c) => [c.name, c.expect]));
    const bad: string[] = [];
    for (const r of JSON.parse(stdout) as { id: string; results: { name: string; got?: boolean; error?: string }[] }[]) {
      for (const c of r.results) {
        if (c.error !== undefined) bad.push(`${r.id}: ${c.name}: throws ${c.error}`);
        else if (c.got !== expected.get(c.name)) bad.push(`${r.id}: ${c.name}: returns ${c.got}, expected ${expected.get(c.name)}`);
      }
    }
    return bad;
  };

  it('JavaScript verifiers (node) accept the vector and reject the forgeries', () => {
    expect(run('js')).toEqual([]);
  });

  it.skipIf(!available('python3'))('Python verifiers (python3; skipped when python3 is missing) accept the vector and reject the forgeries', () => {
    expect(run('python')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
describe('chronology', () => {
  const posts = sources.filter((s) => s.date);
  const timeline = /## Timeline[^\n]*\n([\s\S]*?)\n## /.exec(factsMd)?.[1] ?? '';

  it('facts.md and facts.json list the same announcements, each with its post', () => {
    const inMd = [...timeline.matchAll(/(\d{4}-\d\d-\d\d) /g)].map((m) => m[1]);
    expect(inMd).toEqual(facts.features.map((f) => f.date));
    for (const f of facts.features) {
      const post = posts.find((p) => p.file === `content/blog/${f.post}.md`);
      expect(post?.date, f.feature).toBe(f.date);
    }
  });

  /** A post as its readers saw it on its date: without later notes (::: info) and without link targets. */
  const asPublished = (raw: string) =>
    raw
      .replace(/^::: info[\s\S]*?^:::$/gm, ' ')
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/<!--[\s\S]*?-->/g, ' ');

  it('no post mentions a feature, by command or by name, before the post that announces it', () => {
    const bad: string[] = [];
    for (const post of posts) {
      let text = asPublished(post.raw);
      for (const f of facts.features.filter((x) => x.date > post.date!)) {
        for (const g of f.generic ?? []) text = text.replace(new RegExp(g, 'gi'), ' ');
        for (const m of f.mentions ?? []) {
          const hit = new RegExp(m, 'i').exec(text);
          if (hit) {
            const line = text.slice(0, hit.index).split('\n').length;
            bad.push(`${post.file}:~${line} (${post.date}) mentions "${hit[0]}" of ${f.feature}, announced ${f.date}`);
          }
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('no post links to a post published after it, except in a later note (::: info)', () => {
    const bad: string[] = [];
    for (const post of posts) {
      for (const m of asPublished(post.raw.replace(/\]\(/g, '] (')).matchAll(/\/blog\/(\d{4})\/(\d\d)\/(\d\d)\//g)) {
        const date = `${m[1]}-${m[2]}-${m[3]}`;
        if (date > post.date!) bad.push(`${post.file} (${post.date}) links to a post of ${date}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
