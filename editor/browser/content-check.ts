// After a save with the GitHub backend, the editor follows the repository's content check on the commit just saved
// (editor/ci/content-check-report.ts posts it) and shows in a notice at the bottom of the editor whether the page is
// building, published or refused with the build's first message (docs/editing.md, "After a save").
import { CHECK_CONTEXT } from '../../generator/errors.ts';
import { signedIn } from './sveltia.ts';

/** The content check's commit status, as GitHub's REST API gives it. */
interface CheckStatus {
  state: 'pending' | 'success' | 'failure' | 'error';
  context: string;
  description: string;
  target_url: string | null;
}
/** The notice's own words; what a refusal says is the status's, the build's first message. */
const CHECK_WORDS = {
  building: 'Building the site with your change…',
  published: 'Published',
  refused: 'Not published:',
  details: 'Details',
  dismiss: 'Dismiss',
};
/** How often GitHub is asked while the check is pending (or not started: the workflow takes a few seconds), and how long. */
const ASK_EVERY = 5_000;
const ASK_FOR = 15 * 60_000;

/** The REST root for a backend's api_root, as Sveltia makes it: GitHub's own, or a GitHub Enterprise server's /api/v3. */
function restRoot(apiRoot = 'https://api.github.com'): string {
  const root = apiRoot.replace(/\/+$/, '');
  if (root === 'https://api.github.com' || root.endsWith('/api/v3')) return root;
  return root.endsWith('/api') ? `${root}/v3` : `${root}/api/v3`;
}

let box: { el: HTMLElement; text: HTMLElement; details: HTMLAnchorElement } | undefined;
/** The notice, fixed at the bottom left of the editor (Save is at the top): what the check says now. */
function showCheck(check: CheckStatus | undefined) {
  if (!box) {
    const el = document.createElement('div');
    el.id = 'content-check'; // drawn by editor.css
    const text = document.createElement('span');
    text.setAttribute('role', 'status');
    const details = document.createElement('a');
    details.textContent = CHECK_WORDS.details;
    details.target = '_blank';
    details.rel = 'noopener';
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.textContent = CHECK_WORDS.dismiss;
    dismiss.addEventListener('click', () => ((el.hidden = true), following++));
    el.addEventListener('keydown', (e) => e.key === 'Escape' && dismiss.click());
    el.append(text, details, dismiss);
    document.body.append(el);
    box = { el, text, details };
  }
  const refused = check && check.state !== 'pending' && check.state !== 'success';
  box.text.textContent =
    !check || check.state === 'pending'
      ? CHECK_WORDS.building
      : refused
        ? `${CHECK_WORDS.refused} ${check.description}`
        : CHECK_WORDS.published;
  box.details.hidden = !(refused && check.target_url);
  box.details.href = (refused && check.target_url) || '';
  box.el.hidden = false;
}

/** Counts the saves: a newer save (or Dismiss) stops following the one before. */
let following = 0;
/**
 * After a save with the GitHub backend: the content check of the branch's head (the commit just saved), asked of GitHub
 * with the token Sveltia keeps, every few seconds until the check has published or refused the change. Nothing with the
 * local folder (npm run dev), where the dev server's own build output is the check, nor with the editorial workflow,
 * where a save is a draft on a branch of its own and its card on the board shows its state.
 */
export async function followCheck() {
  const run = ++following;
  const user = signedIn();
  if (user?.backendName !== 'github' || !user.token) return;
  const backend = EDITOR_BACKEND;
  if (backend.editorialWorkflow) return; // a save is a draft: its card on the board shows its state
  const url = `${restRoot(backend.apiRoot)}/repos/${backend.repo}/commits/${encodeURIComponent(backend.branch)}/status`;
  const headers = { authorization: `token ${user.token}`, accept: 'application/vnd.github+json' };
  const until = Date.now() + ASK_FOR;
  while (run === following) {
    const answer = (await fetch(url, { headers, cache: 'no-store' })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null)) as { statuses?: CheckStatus[] } | null;
    if (run !== following) return;
    // GitHub refused the question (a token without Commit statuses: read) or could not be reached: nothing to tell
    if (!answer) return void (box && (box.el.hidden = true));
    const check = answer.statuses?.find((s) => s.context === CHECK_CONTEXT);
    showCheck(check);
    if ((check && check.state !== 'pending') || Date.now() > until) return;
    await new Promise((resolve) => setTimeout(resolve, ASK_EVERY));
  }
}
