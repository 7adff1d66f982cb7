/**
 * A Vitest reporter that writes the tests that failed and then passed on their retry (CI runs
 * with `retry: 1`) to the file named `outputFile.flaky`, for `.ci/summary.mjs` to name them: a
 * flaky test passes the run, and is still a race to mend. Vitest's JSON report does not say which
 * tests were retried.
 *
 * @example
 * vitest run --reporter=default --reporter=./src/testing/flaky-reporter.ts --outputFile.flaky=test-results/vitest-flaky.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestCase, Vitest } from 'vitest/node';

export interface FlakyTest {
  file: string;
  name: string;
  retries: number;
  /** The first line of what made the first attempt fail. */
  firstError: string | undefined;
}

export default class FlakyReporter implements Reporter {
  private target: string | undefined;
  private readonly flaky: FlakyTest[] = [];

  onInit(vitest: Vitest): void {
    const { outputFile } = vitest.config;
    this.target = typeof outputFile === 'object' ? outputFile['flaky'] : undefined;
  }

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (!diagnostic?.flaky) return;
    this.flaky.push({
      file: relative(process.cwd(), test.module.moduleId),
      name: test.fullName,
      retries: diagnostic.retryCount,
      firstError: test.result().errors?.[0]?.message.split('\n')[0],
    });
  }

  onTestRunEnd(): void {
    if (!this.target) return;
    mkdirSync(dirname(this.target), { recursive: true });
    writeFileSync(this.target, JSON.stringify({ flakyTests: this.flaky }, null, 2));
  }
}
