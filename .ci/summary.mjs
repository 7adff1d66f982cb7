// Prints the failing tests by name, then one plain closing line, "N passed, N failed, N skipped",
// over the JSON reports of Vitest and Playwright named on the command line (missing reports are
// counted as failures). The names matter: CI logs are often cut to their tail.
//
// A run can also fail with every test passing: a step of `npm test` (typecheck, lint) exits
// non-zero, Vitest catches an error outside any test, Playwright reports an error outside any
// test. The JSON reports do not carry those, so the logs named with `--log` are read for them.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
/** Tests that failed and then passed on their retry: they pass, and are named so they get mended. */
const flaky = [];

/**
 * What a failure says, in a few lines: the message with its expected and received values, without
 * the stack or Playwright's call log, and where it failed when the report knows.
 */
function describe(message, location) {
  const lines = [];
  for (const line of stripVTControlCharacters(String(message ?? '')).split('\n')) {
    if (line.startsWith('Call log:') || /^\s+at /.test(line) || lines.length === 8) break;
    if (line.trim()) lines.push(line.trimEnd());
  }
  if (location?.file) lines.push(`at ${relative(process.cwd(), location.file)}:${location.line}`);
  return lines.join('\n    ');
}

function playwrightFailures(suite, titles) {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'flaky') flaky.push([...path, spec.title].join(' › '));
      if (test.status !== 'unexpected') continue;
      // Every attempt: with retries, the first failure may differ from the last.
      const errors = (test.results ?? []).map((result) => result.error).filter(Boolean);
      const said = errors.map((error, attempt) => `${errors.length > 1 ? `attempt ${attempt + 1}: ` : ''}${describe(error.message, error.location)}`);
      failures.push(`${[...path, spec.title].join(' › ')}\n    ${said.join('\n    ')}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, path);
}

/** What a log says went wrong outside the tests: failed `npm test` steps, Vitest's unhandled errors. */
function logProblems(file) {
  if (!existsSync(file)) return [`missing log: ${file}`];
  const lines = stripVTControlCharacters(readFileSync(file, 'utf8')).split('\n');
  const problems = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    // npm-run-all's run-s, once per step that exited non-zero.
    if (/^ERROR: ".+" exited with \d+\.$/.test(line)) problems.push(`${file}: ${line}`);
    if (/⎯ Unhandled Errors ⎯/.test(line) || line.includes('There were unhandled errors during test collection')) {
      const said = [];
      for (let next = index + 1; next < lines.length && said.length < 12; next++) {
        const text = lines[next];
        if (/^⎯+$/.test(text.trim())) break;
        if (text.trim() && !/^\s+(at |❯ )/.test(text)) said.push(text.trimEnd());
      }
      problems.push(`${file}: ${line.replace(/⎯/g, '').trim()}\n    ${said.join('\n    ')}`);
    }
  }
  return problems;
}

const args = process.argv.slice(2);
const logs = args.flatMap((arg, index) => (args[index - 1] === '--log' ? [arg] : []));
const reports = args.filter((arg, index) => arg !== '--log' && args[index - 1] !== '--log');
const outsideTests = logs.flatMap(logProblems);

for (const file of reports) {
  if (!existsSync(file)) {
    console.log(`missing report: ${file}`);
    failed++;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('flakyTests' in report) {
    // src/testing/flaky-reporter.ts: Vitest's retried tests, already counted in its JSON report.
    for (const test of report.flakyTests) flaky.push(`${test.file} › ${test.name}${test.firstError ? `\n    first attempt: ${test.firstError}` : ''}`);
  } else if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      const where = relative(process.cwd(), result.name);
      const failedTests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) {
        failures.push(`${file}: ${where} › ${test.fullName}\n    ${describe(test.failureMessages?.[0])}`);
      }
      // A file that failed to load has no test results, only a message.
      if (result.status === 'failed' && failedTests.length === 0) {
        failures.push(`${file}: ${where}\n    ${describe(result.message)}`);
      }
    }
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, [file]);
    for (const error of report.errors ?? []) outsideTests.push(`${file}: ${describe(error.message, error.location)}`);
  }
}
if (flaky.length > 0) console.log(`Flaky (passed on retry):\n${flaky.map((line) => `  ${line}`).join('\n')}`);
if (outsideTests.length > 0) console.log(`Failed outside the tests:\n${outsideTests.map((line) => `  ${line}`).join('\n')}`);
if (failures.length > 0) console.log(`Failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
