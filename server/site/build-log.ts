/** Reading a build's log: its end for the record, what went wrong, what an editor must read, the timed steps. */

/** The last `maxLines` lines of a log, capped in size. */
export function logTail(log: string, maxLines = 40): string {
  return log.split(/\r?\n/).slice(-maxLines).join('\n').slice(-8000);
}

/** A log's lines without colour codes, trimmed, without npm's `> script` echoes and blank lines. */
function plainLines(log: string): string[] {
  return (
    log
      // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in the build's output
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !/^>\s/.test(l))
  );
}

/**
 * The first line of a build log that says what went wrong (the CMS guard's `cms: …` line, the
 * launch check's refusal, a type error, a failed step), or its last line; for "Site builds". Items
 * left out (editorNotes) are not why a build failed.
 */
export function firstErrorLine(log: string): string {
  const lines = plainLines(log).filter((l) => !isNote(l));
  const found =
    lines.find((l) => /\b(error|failed|cannot|stopped)\b/i.test(l) || l.startsWith('Not ready to launch')) ??
    lines.at(-1) ??
    '';
  return found.slice(0, 300);
}

/** A line of the WordPress pull about one item or image it left out. */
const isNote = (line: string) => /^(cms: )?(Left out|Error fetching images):/.test(line);

/**
 * What an editor must read about a build, in the build's own words: each item the WordPress pull
 * left out of the pages and each image it could not copy (`Left out:`, `Error fetching images:`),
 * and, for a build refused by the launch check, each line of its list.
 */
export function editorNotes(log: string): string[] {
  const lines = plainLines(log);
  const notes = lines.filter(isNote).map((l) => l.replace(/^cms: /, ''));
  const refused = lines.findIndex((l) => l.startsWith('Not ready to launch'));
  if (refused >= 0) {
    for (const l of lines.slice(refused + 1)) {
      if (!l.startsWith('- ')) break;
      notes.push(l.slice(2));
    }
  }
  return [...new Set(notes)].slice(0, 20);
}

/** The timed steps a build log reports (the CMS pull, next build's compile, type check, pages), for the server's log. */
export function buildSteps(log: string): string[] {
  return (
    log
      // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in the build's output
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split(/\r?\n/)
      .map((l) => l.replace(/^[\s✓○]+/, '').trim())
      .filter((l) => /\bin \d+(\.\d+)? ?m?s\b/.test(l))
  );
}
