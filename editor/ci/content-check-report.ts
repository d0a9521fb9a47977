// The content check's report (.github/workflows/content-check.yml): a commit status, which the editor at /admin reads
// after a save to show the page live, building or failed (docs/editing.md, "After a save"), and on a refusal the
// build's messages in a comment on the commit or the pull request, for whoever made the change. Run with tsx:
//   editor/ci/content-check-report.ts building                      before the build
//   editor/ci/content-check-report.ts success|failure OUTPUT_FILE   after it, with what the build printed
// It reads the workflow's environment: GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_SERVER_URL, GITHUB_RUN_ID and
// GITHUB_TOKEN as GitHub sets them, SHA (the commit built: a pull request's head) and PR (its number, or empty).
import { readFileSync } from 'node:fs';
import { CHECK_CONTEXT as CONTEXT, printedErrors } from '../../generator/errors.ts';

/** GitHub keeps 140 characters of a status's description. */
const LIMIT = 140;

interface Status {
  state: 'pending' | 'success' | 'failure' | 'error';
  context: string;
  description: string;
  target_url: string;
}

/** `text` cut to `max` characters, ending in an ellipsis when cut. */
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** What the check reports of a build: its status, and on a refusal the comment for whoever made the change. */
function report(outcome: string, output: string, runUrl: string): { status: Status; comment?: string } {
  const status = (state: Status['state'], description: string): Status => ({
    state,
    context: CONTEXT,
    description: clip(description, LIMIT),
    target_url: runUrl,
  });
  if (outcome === 'building') return { status: status('pending', 'Building the site with this change.') };
  if (outcome === 'success') return { status: status('success', 'Published: the site builds with this change.') };
  // the editor passes over a status that says it was cancelled, and reads the host's instead
  if (outcome !== 'failure') return { status: status('error', `The check was cancelled (${outcome}).`) };
  const errors = printedErrors(output);
  if (!errors.length) return { status: status('error', 'The build stopped before it checked the content: see Details.') };
  // the first message whole where it fits, and how many more the comment and Details give
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  const comment = [
    '**The site was not published with this change.** The site stays as it was until this is fixed and saved again:',
    '',
    '```',
    ...errors.map((e) => `✗ ${e}`),
    '```',
  ].join('\n');
  return { status: status('failure', `${clip(errors[0], LIMIT - more.length)}${more}`), comment };
}

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`content-check-report: ${name} is not set (the workflow sets it)`);
  return value;
};

/** A POST to GitHub's REST API. */
async function send(apiPath: string, body: object): Promise<void> {
  const res = await fetch(`${env('GITHUB_API_URL')}${apiPath}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env('GITHUB_TOKEN')}`,
      accept: 'application/vnd.github+json',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`GitHub answered ${res.status} to POST ${apiPath}: ${await res.text()}`);
}

const [outcome, outputFile] = process.argv.slice(2);
if (!outcome) throw new Error('usage: content-check-report.ts building | success OUTPUT_FILE | failure OUTPUT_FILE');
const [repo, sha, pr] = [env('GITHUB_REPOSITORY'), env('SHA'), process.env.PR ?? ''];
const runUrl = `${env('GITHUB_SERVER_URL')}/${repo}/actions/runs/${env('GITHUB_RUN_ID')}`;
const { status, comment } = report(outcome, outputFile ? readFileSync(outputFile, 'utf8') : '', runUrl);
await send(`/repos/${repo}/statuses/${sha}`, status);
if (comment) await send(pr ? `/repos/${repo}/issues/${pr}/comments` : `/repos/${repo}/commits/${sha}/comments`, { body: comment });
console.log(`${CONTEXT}: ${status.state}: ${status.description}`);
