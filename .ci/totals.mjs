// The totals CI prints last (.ci/run): the tests that passed and failed, from vitest's JSON report. A run that failed
// without a failed test (the format or type check, or the runner itself) counts as one failure.
//   node .ci/totals.mjs <npm test's exit status>
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
try {
  const r = JSON.parse(readFileSync('.vitest-results.json', 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests;
} catch {
  failed = 1;
  console.log('no vitest results: the type check or the runner failed before the tests');
}
if (process.argv[2] !== '0' && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
