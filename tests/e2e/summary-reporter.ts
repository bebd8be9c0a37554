import type { FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';

/** One test's run as the reporter saw it: its spec file, its worker, and when it started and ended. */
interface Run {
  file: string;
  worker: number;
  start: number;
  end: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

/**
 * Prints one closing line, "e2e: N passed, N failed, N skipped", for CI to read, after where the
 * time went: the wait for the site's server before the first test, the time the workers were busy
 * and idle, and the spec files that took longest (their tests' time, retries and hooks included).
 */
export default class SummaryReporter implements Reporter {
  private root: Suite | undefined;
  private begun = 0;
  private readonly runs: Run[] = [];

  onBegin(_config: unknown, suite: Suite): void {
    this.root = suite;
    this.begun = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const start = result.startTime.getTime();
    const file = test.location.file.replace(/^.*\/tests\/e2e\//, '');
    this.runs.push({ file, worker: result.workerIndex, start, end: start + result.duration });
  }

  onEnd(_result: FullResult): void {
    if (this.runs.length > 0) this.printTimes();
    const tests = this.root?.allTests() ?? [];
    const count = (...outcomes: string[]) => tests.filter((t) => outcomes.includes(t.outcome())).length;
    console.log(
      `e2e: ${count('expected', 'flaky')} passed, ${count('unexpected')} failed, ${count('skipped')} skipped`,
    );
  }

  private printTimes(): void {
    const first = Math.min(...this.runs.map((r) => r.start));
    const last = Math.max(...this.runs.map((r) => r.end));
    const busy = this.runs.reduce((sum, r) => sum + r.end - r.start, 0);
    const slots = new Set(this.runs.map((r) => r.worker)).size;
    const byFile = new Map<string, number>();
    for (const r of this.runs) byFile.set(r.file, (byFile.get(r.file) ?? 0) + r.end - r.start);
    const slowest = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(
      `e2e time: ${seconds(first - this.begun)} until the first test; tests ran for ${seconds(last - first)} in ` +
        `${slots} worker processes, ${seconds(busy)} of test time (tests and their hooks)\n` +
        `e2e slowest files: ${slowest.map(([file, ms]) => `${file} ${seconds(ms)}`).join(', ')}`,
    );
  }
}
