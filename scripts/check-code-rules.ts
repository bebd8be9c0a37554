/**
 * Two rules read from the code itself (by oxc-parser, the parser knip uses), run by `npm run lint`:
 *
 * - Where code runs: from every module the browser loads (`'use client'` in app/, components/ and
 *   lib/, and every lib/**\/*-client.ts), no module reachable through run-time imports may import a
 *   Node builtin, sharp, pg, PGlite, nodemailer, server-only or anything in server/. Type-only
 *   imports are erased by the compiler and are fine (server/contract.ts exists for them).
 * - Links: only components/shell/site-link.tsx imports next/link; every other link is its SiteLink,
 *   which prefetches a route on the visitor's intent rather than as the link scrolls into view.
 * - Every Playwright test under tests/e2e asserts: its body says `expect`, or calls a helper that does.
 */
import '@/lib/load-env';
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';

/** Packages that only run on the server or at build time. */
const serverPackages = new Set(['sharp', 'pg', '@electric-sql/pglite', 'nodemailer', 'server-only']);
const builtins = new Set(builtinModules);

/** The .ts and .tsx files below `dir` (relative to `root`), sorted. */
function sources(root: string, dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return names
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f))
    .sort();
}

const isFile = (file: string): boolean => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

interface Parsed {
  /** Whether the module starts with the 'use client' directive. */
  useClient: boolean;
  /** What it imports (or re-exports from) at run time: type-only imports left out. */
  runtimeImports: string[];
}

/** The directive and run-time imports of one module's source. */
function parseModule(file: string, source: string): Parsed {
  const { program, module } = parseSync(file, source);
  const first = program.body[0];
  const useClient = first?.type === 'ExpressionStatement' && first.directive === 'use client';
  const imports = module.staticImports
    .filter((i) => i.entries.length === 0 || i.entries.some((e) => !e.isType))
    .map((i) => i.moduleRequest.value);
  const reexports = module.staticExports.flatMap((e) =>
    e.entries.flatMap((entry) => (entry.moduleRequest && !entry.isType ? [entry.moduleRequest.value] : [])),
  );
  const dynamic = module.dynamicImports.flatMap(({ moduleRequest: { start, end } }) => {
    const literal = /^(['"`])([^'"`$]+)\1$/.exec(source.slice(start, end));
    return literal?.[2] ? [literal[2]] : [];
  });
  return { useClient, runtimeImports: [...new Set([...imports, ...reexports, ...dynamic])] };
}

/** The package a bare specifier names: `pg`, `@electric-sql/pglite`. */
const packageOf = (spec: string): string =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** The settings' reader and table: the build and the server read them; browser code reads lib/public-env.ts. */
const settingsTable = new Set(
  ['env.ts', 'env-site-vars.ts', 'env-service-vars.ts', 'env-value-checks.ts'].map((f) => path.join('lib', f)),
);

/** Why `spec` may not run in the browser, or undefined. `resolved` is the repository file it names, if any. */
function refused(spec: string, resolved: string | undefined): string | undefined {
  if (spec.startsWith('node:') || builtins.has(spec)) return 'a Node builtin';
  if (serverPackages.has(packageOf(spec))) return 'a server package';
  if (resolved?.startsWith(`server${path.sep}`) || spec.startsWith('@/server/')) return 'the service’s code';
  if (resolved !== undefined && settingsTable.has(resolved))
    return 'the settings table, which would ship to every visitor; browser code reads lib/public-env.ts';
  return undefined;
}

/** The repository file (relative to `root`) a local specifier names; undefined for a package or a non-code file. */
function resolveLocal(root: string, from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(root, path.dirname(from), spec);
  else return undefined;
  const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (f) => /\.tsx?$/.test(f) && isFile(f),
  );
  return found && path.relative(root, found);
}

interface GraphReport {
  /** Modules the browser loads: the starting points. */
  browser: string[];
  /** Modules marked `import 'server-only'`. */
  serverOnly: string[];
  /** Modules reached from the browser's through run-time imports (the starting points included). */
  reached: number;
  /** Each refusal as `entry → … → module → specifier (why)`. */
  problems: string[];
  /** Modules other than the site's link that import next/link. */
  bareLinks: string[];
}

/** The one module that may import next/link. */
const siteLink = path.join('components', 'shell', 'site-link.tsx');

/** Checks the run-time import graph of the browser's modules in the tree at `root`. */
function checkBrowserGraph(root: string): GraphReport {
  const files = ['app', 'components', 'lib', 'content'].flatMap((dir) => sources(root, dir));
  const cachedParse = new Map<string, Parsed>();
  const parsed = (file: string): Parsed => {
    const known = cachedParse.get(file);
    if (known) return known;
    const result = parseModule(file, readFileSync(path.join(root, file), 'utf8'));
    cachedParse.set(file, result);
    return result;
  };
  const browser = files.filter(
    (f) => parsed(f).useClient || (f.startsWith(`lib${path.sep}`) && f.endsWith('-client.ts')),
  );
  const serverOnly = files.filter((f) => parsed(f).runtimeImports.includes('server-only'));
  // Breadth first, so each module's path from a browser module is a shortest one.
  const via = new Map<string, string | undefined>(browser.map((f) => [f, undefined]));
  const queue = [...browser];
  const problems: string[] = [];
  const chain = (file: string): string[] => {
    const parent = via.get(file);
    return parent === undefined ? [file] : [...chain(parent), file];
  };
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const spec of parsed(file).runtimeImports) {
      const resolved = resolveLocal(root, file, spec);
      const why = refused(spec, resolved);
      if (why) problems.push(`${[...chain(file), spec].join(' → ')} (${why})`);
      else if (resolved && !via.has(resolved)) {
        via.set(resolved, file);
        queue.push(resolved);
      }
    }
  }
  const bareLinks = files.filter((f) => f !== siteLink && parsed(f).runtimeImports.includes('next/link'));
  return { browser, serverOnly, reached: via.size, problems, bareLinks };
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** Every node of an oxc tree, depth first. */
function* nodes(value: unknown): Generator<Node> {
  if (Array.isArray(value)) for (const v of value) yield* nodes(v);
  else if (isNode(value)) {
    yield value;
    for (const [key, v] of Object.entries(value)) if (key !== 'parent' && typeof v === 'object') yield* nodes(v);
  }
}

/** `test(…)`, `test.only(…)`, `test.fail(…)`: not `test.describe`, `test.beforeEach` or `test.step`. */
function isTestCall(node: Node): boolean {
  if (node.type !== 'CallExpression' || !isNode(node.callee)) return false;
  const callee = node.callee;
  if (callee.type === 'Identifier') return callee.name === 'test';
  return (
    callee.type === 'MemberExpression' &&
    isNode(callee.object) &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'test' &&
    isNode(callee.property) &&
    ['only', 'fail', 'slow'].includes(String(callee.property.name))
  );
}

/** A named function's name and body text: declarations, `const f = (…) => …`, methods. */
function namedFunctions(source: string, tree: unknown): { name: string; body: string }[] {
  return [...nodes(tree)].flatMap((node) => {
    const id = isNode(node.id) ? node.id : isNode(node.key) ? node.key : undefined;
    const fn =
      node.type === 'FunctionDeclaration'
        ? node
        : (node.type === 'VariableDeclarator' || node.type === 'MethodDefinition' || node.type === 'Property') &&
            isNode(node.init ?? node.value)
          ? (node.init ?? node.value)
          : undefined;
    if (id?.type !== 'Identifier' || !isNode(fn)) return [];
    if (!['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'].includes(fn.type)) return [];
    return [{ name: String(id.name), body: source.slice(fn.start, fn.end) }];
  });
}

const asserts = (text: string, helpers: ReadonlySet<string>): boolean =>
  /\bexpect\b/.test(text) || [...(text.matchAll(/\b(\w+)\s*\(/g) ?? [])].some((m) => helpers.has(m[1] ?? ''));

/** The Playwright tests under `dir` (relative to `root`) whose body asserts nothing, as `file:line: title`. */
function testsWithoutAssertion(root: string, dir: string): string[] {
  const files = sources(root, dir).map((file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    return { file, source, tree: parseSync(file, source).program };
  });
  // The helpers that assert: those that say expect, then those that call one of them, until none is added.
  const functions = files.flatMap(({ source, tree }) => namedFunctions(source, tree));
  const helpers = new Set<string>();
  for (let added = true; added; ) {
    added = false;
    for (const { name, body } of functions)
      if (!helpers.has(name) && asserts(body, helpers)) {
        helpers.add(name);
        added = true;
      }
  }
  return files.flatMap(({ file, source, tree }) =>
    [...nodes(tree)].filter(isTestCall).flatMap((call) => {
      const args = (call.arguments as Node[]) ?? [];
      const body = args.findLast((a) => a.type === 'ArrowFunctionExpression' || a.type === 'FunctionExpression');
      if (!body || asserts(source.slice(body.start, body.end), helpers)) return [];
      const line = source.slice(0, call.start).split('\n').length;
      const title = args[0] ? source.slice(args[0].start, args[0].end) : '';
      return [`${file}:${line}: ${title}`];
    }),
  );
}

/** `tsx scripts/check-code-rules.ts [folder]`: checks this repository, or the tree in `folder`. */
const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
const graph = checkBrowserGraph(root);
const silent = testsWithoutAssertion(root, path.join('tests', 'e2e'));
console.log(
  `code rules: checked the run-time imports of ${graph.browser.length} browser modules (${graph.reached} modules ` +
    `reached; ${graph.serverOnly.length} modules marked server-only) and the Playwright tests under tests/e2e.`,
);
if (graph.problems.length > 0)
  console.error(
    `The browser would load server code (move it to a build-time lib module or server/, or import type):\n${graph.problems.join('\n')}`,
  );
if (silent.length > 0)
  console.error(
    `Playwright tests that assert nothing (add an expect, or call a helper that does):\n${silent.join('\n')}`,
  );
if (graph.bareLinks.length > 0)
  console.error(
    `Import SiteLink from @/components/shell/site-link instead of next/link:\n${graph.bareLinks.join('\n')}`,
  );
if (graph.problems.length > 0 || silent.length > 0 || graph.bareLinks.length > 0) process.exit(1);
