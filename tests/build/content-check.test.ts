// A build that fails anyway (two saves that clash, an edit made outside the editor) reaches whoever made the change:
// the repository's workflow (.github/workflows/content-check.yml) builds every push and pull request, and on a failed
// build comments the build's own words on the commit or the pull request. Its steps are run here as written, in a
// copy of the project whose content the editor could not have checked.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editData } from '../support/fixture.ts';
import { root } from '../support/paths.ts';
import { site } from '../support/facts.ts';

type Step = { name?: string; id?: string; if?: string; run?: string; env?: Record<string, string> };
const workflow = yaml.load(readFileSync(path.join(root, '.github/workflows/content-check.yml'), 'utf8')) as {
  on: Record<string, unknown>;
  jobs: { build: { steps: Step[] } };
};
const steps = workflow.jobs.build.steps;
const buildStep = steps.find((s) => s.id === 'build')!;
const reportStep = steps.find((s) => s.if?.includes(`steps.${buildStep.id}.outcome == 'failure'`))!;

let dir: string;
/** The same mistake twice saved apart: an alert whose end comes before its start. */
const START = '2026-11-24T18:30';

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'content-check-'));
  for (const f of ['package.json', 'build.ts', 'tsconfig.json', 'generator', 'templates', 'client', 'styles', 'static', 'content'])
    cpSync(path.join(root, f), path.join(dir, f), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  editData(path.join(dir, 'content/site.yaml'), (d) => {
    d.alert = { message: 'Storm response tonight.', start: START, end: '2026-11-24T08:00' };
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a step's commands as the runner does (bash -e), with the workflow's variables. */
function runStep(step: Step, env: Record<string, string>) {
  return spawnSync('bash', ['-e', '-c', step.run!], { cwd: dir, env: { ...process.env, ...env }, encoding: 'utf8' });
}

describe('a failed build reaches whoever made the change', () => {
  it('runs on every push and pull request, and reports only a failed build', () => {
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    expect(buildStep.run).toMatch(/npm run -s build/);
    expect(reportStep.if).toMatch(/failure\(\)/);
  });

  it('fails the check with the build’s words, and comments them on the commit or the pull request', () => {
    const tmp = path.join(dir, 'runner-temp');
    mkdirSync(tmp);
    const built = runStep(buildStep, { RUNNER_TEMP: tmp });
    expect(built.status, built.stderr).not.toBe(0);
    const output = readFileSync(path.join(dir, 'build-output.txt'), 'utf8');
    expect(output).toContain(`content/site.yaml: alert.end: must be after start (${START})`);

    // gh, as the runner has it, replaced by one that writes down what it was asked and the comment it was given
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(
      path.join(bin, 'gh'),
      `#!/usr/bin/env bash\necho "$@" >> "${dir}/gh-calls.txt"\ncat build-comment.md >> "${dir}/gh-calls.txt"\n`,
    );
    chmodSync(path.join(bin, 'gh'), 0o755);
    const env = { PATH: `${bin}:${process.env.PATH}`, REPO: 'company/website', SHA: 'abc1234', PR: '' };
    expect(runStep(reportStep, env).status).toBe(0);
    expect(runStep(reportStep, { ...env, PR: '7' }).status).toBe(0);
    const calls = readFileSync(path.join(dir, 'gh-calls.txt'), 'utf8');
    expect(calls).toContain('api repos/company/website/commits/abc1234/comments -F body=@build-comment.md');
    expect(calls).toContain('pr comment 7 --repo company/website --body-file build-comment.md');
    expect(calls.match(/alert\.end: must be after start/g)).toHaveLength(2);
    expect(calls).not.toContain(site.business.name); // the build's errors, not the whole log
  });
});
