import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';

/** Prints one closing line, "e2e: N passed, N failed, N skipped", for CI to read. */
export default class SummaryReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: unknown, suite: Suite): void {
    this.root = suite;
  }

  onEnd(_result: FullResult): void {
    const tests = this.root?.allTests() ?? [];
    const count = (...outcomes: string[]) => tests.filter((t) => outcomes.includes(t.outcome())).length;
    console.log(
      `e2e: ${count('expected', 'flaky')} passed, ${count('unexpected')} failed, ${count('skipped')} skipped`,
    );
  }
}
