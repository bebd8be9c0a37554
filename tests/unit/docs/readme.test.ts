/**
 * @jest-environment node
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { envDocs } from '@/lib/env';

/**
 * The README and docs/ stay true to the tree: every npm command they name is a script of
 * package.json, every link between them reaches a file (and its heading), every repository path they
 * name in backticks exists, and the README stays a short map.
 */

const root = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** A match's group, '' when it took no part. */
const group = (m: RegExpMatchArray, n = 1) => m[n] ?? '';

const documents = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const scripts = new Set(Object.keys((JSON.parse(read('package.json')) as { scripts: object }).scripts));

/** npm's own commands the documents may name; anything else after `npm` must be a script. */
const npmCommands = new Set(['ci', 'install', 'exec', 'run']);
/** npm runs these scripts without `run`. */
const npmScriptShortcuts = new Set(['start', 'test', 'stop', 'restart']);

/** The text of a document outside fenced code blocks, and its code: inline spans and fenced blocks. */
function split(text: string): { prose: string; code: string[] } {
  const fences = /^```[^\n]*\n([\s\S]*?)^```/gm;
  const code = [...text.matchAll(fences)].map((m) => group(m));
  const prose = text.replace(fences, '');
  code.push(...[...prose.matchAll(/`([^`\n]+)`/g)].map((m) => group(m)));
  return { prose, code };
}

/** Each npm command named in a piece of code, as `npm …` with what it refers to. */
function npmCommandsIn(code: string): { named: string; script?: string; unknown?: string }[] {
  const found = [];
  for (const m of code.matchAll(/\bnpm\s+(?:run\s+(?:--silent\s+)?([\w:.-]*\w)|([\w:.-]*\w))/g)) {
    const [named, script, command] = [group(m, 0), group(m, 1), group(m, 2)];
    if (script) found.push({ named, script });
    else if (npmScriptShortcuts.has(command)) found.push({ named, script: command });
    else if (!npmCommands.has(command)) found.push({ named, unknown: command });
  }
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slugOf = (heading: string) =>
  heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a document's headings (a repeated heading gets `-1`, `-2`… as on GitHub). */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of split(read(file)).prose.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = slugOf(group(m));
    let unique = slug;
    for (let n = 1; anchors.has(unique); n++) unique = `${slug}-${n}`;
    anchors.add(unique);
  }
  return anchors;
}

/** Folders the build, the server or the tests write, from .gitignore: named, but not in a clone. */
const generated = read('.gitignore')
  .split('\n')
  .map((line) => line.trim().replace(/^\//, ''))
  .filter((line) => line.endsWith('/') && !line.startsWith('#'));

/** Top-level entries of the tree: a path in backticks starting with one of them names a file here. */
const topLevel = new Set(readdirSync(root));

/** Runs `problemOf` over the items each document yields: how many were checked, and what is wrong. */
function audit<T>(
  itemsOf: (file: string) => T[],
  problemOf: (file: string, item: T) => string | undefined,
): { checked: number; wrong: string[] } {
  const found = documents.flatMap((file) => itemsOf(file).map((item) => problemOf(file, item)));
  return { checked: found.length, wrong: found.filter((problem) => problem !== undefined) };
}

describe('README.md and docs/', () => {
  it('has the documents', () => {
    expect(documents).toEqual(expect.arrayContaining(['README.md', 'docs/configuration.md', 'docs/the-service.md']));
  });

  it('keeps the README a map: at most 160 lines', () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(160);
  });

  it('names only npm commands that exist in package.json', () => {
    const { checked, wrong } = audit(
      (file) => split(read(file)).code.flatMap(npmCommandsIn),
      (file, command) => {
        if (command.script && !scripts.has(command.script)) return `${file}: ${command.named} (no such script)`;
        if (command.unknown) return `${file}: ${command.named} (neither a script nor an npm command)`;
      },
    );
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('links only to files that exist, and to headings that exist', () => {
    const { checked, wrong } = audit(
      (file) =>
        [...split(read(file)).prose.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)]
          .map((m) => group(m))
          .filter((target) => !/^[a-z]+:/i.test(target)),
      (file, target) => {
        const [filePart = '', anchor] = target.split('#');
        const linked = filePart ? path.posix.normalize(path.posix.join(path.posix.dirname(file), filePart)) : file;
        if (linked.startsWith('..') || !existsSync(path.join(root, linked)))
          return `${file}: ${target} (no file ${linked} in the repository)`;
        if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor))
          return `${file}: ${target} (no heading #${anchor} in ${linked})`;
      },
    );
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('names in backticks only repository paths that exist', () => {
    const { checked, wrong } = audit(
      (file) =>
        [...split(read(file)).prose.matchAll(/`([^`\n]+)`/g)]
          .map((m) => group(m))
          .filter((span) => /^[\w.-]+(\/[\w.-]+)*\/?$/.test(span) && span.includes('/'))
          .filter((span) => topLevel.has(span.split('/')[0] ?? ''))
          .filter((span) => !generated.some((folder) => `${span}/`.startsWith(folder))),
      (file, span) => (existsSync(path.join(root, span)) ? undefined : `${file}: ${span}`),
    );
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it('lists every setting of lib/env.ts in docs/configuration.md', () => {
    const text = read('docs/configuration.md');
    const families = [...text.matchAll(/`([A-Z_]+_)\*`/g)].map((m) => group(m));
    const missing = envDocs
      .map(({ name }) => name)
      .filter((name) => !text.includes(`\`${name}\``) && !families.some((prefix) => name.startsWith(prefix)));
    expect(missing).toEqual([]);
  });

  it('points at no folder outside the repository', () => {
    const outside = documents.filter((file) => /\.\.\/shared/.test(read(file)));
    expect(outside).toEqual([]);
  });
});
