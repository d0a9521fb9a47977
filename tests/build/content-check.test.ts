// The repository's content check (.github/workflows/content-check.yml), its steps run as written in a copy of the
// project, against a server on loopback in GitHub's place (tests/support/github.ts): the commit status the editor reads
// after a save, and the build's messages in a comment on a refusal.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printedErrors } from '../../generator/errors.ts';
import { editData } from '../support/fixture.ts';
import { BUILD_INPUTS, root } from '../support/paths.ts';
import { site } from '../support/facts.ts';
import { startGitHub, type GitHub } from '../support/github.ts';

type Step = { name?: string; id?: string; if?: string; run?: string; env?: Record<string, string> };
const workflow = yaml.load(readFileSync(path.join(root, '.github/workflows/content-check.yml'), 'utf8')) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: { build: { steps: Step[] } };
};
const steps = workflow.jobs.build.steps;
const buildStep = steps.find((s) => s.id === 'build')!;
const before = steps.slice(0, steps.indexOf(buildStep)).find((s) => s.run?.includes('content-check-report'))!;
const after = steps.find((s) => s.if?.includes(`steps.${buildStep.id}.outcome`))!;

let dir: string;
let github: GitHub;
/** The same mistake twice saved apart: an alert whose end comes before its start. */
const START = '2026-11-24T18:30';
const REPO = 'company/website';
const SHA = 'abc1234';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'content-check-'));
  for (const f of ['package.json', 'tsconfig.json', ...BUILD_INPUTS]) cpSync(path.join(root, f), path.join(dir, f), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  editData(path.join(dir, 'content/site.yaml'), (d) => {
    d.alert = { message: 'Storm response tonight.', start: START, end: '2026-11-24T08:00' };
  });
  github = await startGitHub(path.join(dir, 'content'), REPO);
});
afterAll(async () => {
  github?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a step's commands as the runner does (bash -e), with the variables GitHub and the workflow set; not blocking,
 *  since the server in GitHub's place answers from this process. */
function runStep(step: Step, env: Record<string, string> = {}): Promise<{ status: number | null; stderr: string }> {
  const tmp = path.join(dir, 'runner-temp');
  mkdirSync(tmp, { recursive: true });
  const vars = { GITHUB_API_URL: github.api, GITHUB_REPOSITORY: REPO, GITHUB_SERVER_URL: 'https://github.com' };
  const job = { GITHUB_RUN_ID: '42', GITHUB_TOKEN: 'test-token', SHA, PR: '', RUNNER_TEMP: tmp };
  const child = spawn('bash', ['-e', '-c', step.run!], { cwd: dir, env: { ...process.env, ...vars, ...job, ...env } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  child.stdout.resume();
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stderr })));
}
/** What the check sent to GitHub since `from`: each request's path and body. */
const sent = (from: number): Record<string, string>[] => github.posts.slice(from).map((p) => ({ path: p.path, ...p.body }));
const status = (state: string, description: string) => ({
  path: `/repos/${REPO}/statuses/${SHA}`,
  state,
  context: 'Content check',
  description,
  target_url: `https://github.com/${REPO}/actions/runs/42`,
});

describe('the content check reports each build on its commit', () => {
  it('runs on every push and pull request, and reports before the build and after it, whatever became of it', () => {
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    expect(workflow.permissions.statuses).toBe('write');
    expect(buildStep.run).toMatch(/npm run -s build/);
    expect(after.if).toMatch(/always\(\)/);
  });

  it("reports building, then refused in the build's own words: the first message in the status, all in a comment", async () => {
    expect((await runStep(before)).status).toBe(0);
    const built = await runStep(buildStep);
    expect(built.status, built.stderr).not.toBe(0);
    const errors = printedErrors(readFileSync(path.join(dir, 'build-output.txt'), 'utf8'));
    expect(errors).toEqual([`content/site.yaml: alert.end: must be after start (${START})`]);
    let from = github.posts.length;
    const reported = await runStep(after, { OUTCOME: 'failure' });
    expect(reported.status, reported.stderr).toBe(0);
    const comment = sent(from)[1]?.body;
    expect(sent(from)).toEqual([status('failure', errors[0]), { path: `/repos/${REPO}/commits/${SHA}/comments`, body: comment }]);
    expect(comment).toContain(`✗ ${errors[0]}`);
    expect(comment).not.toContain(site.business.name); // the build's messages, not the whole log
    // on the editor's pull request (the editorial workflow) the comment goes there
    from = github.posts.length;
    expect((await runStep(after, { OUTCOME: 'failure', PR: '7' })).status).toBe(0);
    expect(sent(from).map((p) => p.path)).toEqual([`/repos/${REPO}/statuses/${SHA}`, `/repos/${REPO}/issues/7/comments`]);
    expect(sent(0)[0]).toEqual(status('pending', 'Building the site with this change.'));
  });

  // the build step's success is the build's own (its command as written ran above, refused): what the check reports of it
  it('reports published once the content builds, with no comment', async () => {
    const from = github.posts.length;
    expect((await runStep(after, { OUTCOME: 'success' })).status).toBe(0);
    expect(sent(from)).toEqual([status('success', 'Published: the site builds with this change.')]);
  });
});
