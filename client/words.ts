// What the scripts say: site.yaml's forms.messages, the page's share of them on its toast region (data-words), and
// the words file's, which the delivery module adds as it loads (templates/parts/forms.tsx formWords).

let words: Record<string, string> | undefined;
const known = () => (words ??= JSON.parse(document.getElementById('toasts')?.dataset.words || '{}') as Record<string, string>);

/** A message, its {placeholders} filled in. */
export function say(key: string, values: Record<string, string> = {}): string {
  return (known()[key] ?? '').replace(/\{(\w+)\}/g, (m, n: string) => values[n] ?? m);
}

/** Adds words: the words file's, as the delivery module loads it. */
export function learn(more: Record<string, string>) {
  Object.assign(known(), more);
}
