// What the delivery module uses of the first-visit module, handed over as it loads (load-delivery.ts): it imports
// nothing of it, since esbuild would move what both import into a third file, which every first visit would then load.
import type { notSent } from './not-sent.ts';
import type { storedDraft } from './stored-draft.ts';
import type { learn, say } from './words.ts';

export interface App {
  say: typeof say;
  learn: typeof learn;
  notSent: typeof notSent;
  storedDraft: typeof storedDraft;
}

/** The first-visit module's words, its failure toast (and wait for the network), and the draft as stored. */
export let app: App;
/** Settles once the words file (what only this module says, templates/parts/forms.tsx formWords) has arrived, or has
 * failed to: offline before it came, a note or a toast says what the page's words can. */
export let wordsReady: Promise<void>;

/** Takes what the first-visit module hands over, and fetches the words file. */
export function connect(main: App) {
  app = main;
  const file = document.getElementById('toasts')?.dataset.wordsFile;
  wordsReady = file
    ? fetch(file)
        .then((r) => r.json())
        .then(app.learn, () => {})
    : Promise.resolve();
}
