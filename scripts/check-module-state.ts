/**
 * Fails when a module in lib/, server/, content/, app/ or components/ keeps mutable state at its top
 * level: a `let` or `var`, or a `const` that the module changes (a Map or Set it adds to, an array
 * it pushes to, an object whose fields it assigns). Functions take such state as a parameter
 * instead; the one exception is a memoised cache, named `cached…`. Top level is column 0 (the
 * formatter indents everything else). Run by `npm run lint`.
 */
import '@/lib/load-env';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** State that belongs to the process itself, not to a caller: where it is and why. */
const processWide: Record<string, string> = {
  'server/store/fs-sync.ts:original': "Node's fs functions, patched once per process",
  'server/store/fs-sync.ts:roots': 'the folders whose writes the one patch of fs tracks',
  'server/store/lock.ts:heldHere': 'an OS lock is held per process: the folders this process has open',
};

const declaration = /^(?:export )?(let|var|const) (\w+)\b/;

/** Whether the source changes what `name` holds: a mutating method, or an assignment to a field or an index. */
const changes = (source: string, name: string): boolean =>
  new RegExp(
    `(?<![\\w.])${name}(\\.(set|add|delete|clear|push|pop|shift|unshift|splice|sort|reverse|fill)\\(|(\\.\\w+|\\[[^\\]]*\\])\\s*([-+*/]?=(?!=)|\\+\\+|--))`,
  ).test(source);

/** The module-level mutable state in one file's source, as `file:line: name`. */
export function moduleState(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, i) => {
    const m = declaration.exec(line);
    if (!m) return [];
    const [, kind, name = ''] = m;
    if (name.startsWith('cached') || processWide[`${file}:${name}`]) return [];
    return kind !== 'const' || changes(source, name) ? [`${file}:${i + 1}: ${name}`] : [];
  });
}

const root = path.resolve(__dirname, '..');
const files = ['lib', 'server', 'content', 'app', 'components']
  .flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)),
  )
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
  .sort();
const found = files.flatMap((file) => moduleState(file, readFileSync(path.join(root, file), 'utf8')));
if (found.length > 0) {
  console.error(
    `Module-level mutable state (pass it as a parameter, or name a memoised cache cached…):\n${found.join('\n')}`,
  );
  process.exit(1);
}
