// What the delivery module uses of the first-visit module, handed over as it loads (../first-visit/forms.ts
// withDelivery). Which folder may import which: tests/build/layers.test.ts.
import type { learn, say, ToastOptions } from '../first-visit/toaster.tsx';

export interface App {
  say: typeof say;
  learn: typeof learn;
  /** Says the form's request was not sent; offline, sends it once back online. */
  notSent(form: HTMLFormElement, words: Pick<ToastOptions, 'title' | 'description' | 'action'>): void;
  /** The form's draft as stored, or null. */
  storedDraft(form: HTMLFormElement): string | null;
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
