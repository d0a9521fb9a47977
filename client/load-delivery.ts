// Loads the delivery module (delivery.ts and the files it imports) when a visitor first touches a quote form, and hands
// it, as it arrives, what it uses of this module: the words, saying a request was not sent (and sending it once
// back online), and the draft as stored. It imports nothing of this module: esbuild would move what both import into a third file, which
// every first visit would then load.
import { notSent } from './not-sent.ts';
import { storedDraft } from './stored-draft.ts';
import { learn, say } from './words.ts';

type Delivery = typeof import('./delivery.ts');
let delivery: Promise<Delivery> | null = null;

/** Runs `use` with the delivery module, loaded once; a failed load (offline) is tried again next time. */
export function withDelivery(use: (d: Delivery) => void, notLoaded = () => {}) {
  (delivery ??= import('./delivery.ts').then((d) => (d.connect({ say, learn, notSent, storedDraft }), d))).then(use, () => {
    delivery = null;
    notLoaded();
  });
}
