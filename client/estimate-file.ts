// The estimate file (site.assets.dialog): the dialog, its toasts and their stylesheet, which a page with estimate
// buttons names (data-estimate-ui) and the script fetches as it starts.
import { initToaster } from './toaster.tsx';

/**
 * Fetches the estimate file: its stylesheet linked after the page's own, its toasts (unless the page has its own) and
 * its dialog moved into the page. Resolves with the dialog once the stylesheet has loaded, so it never shows unstyled;
 * until it opens, a closed dialog and an empty toast region take no room on the page.
 */
export async function estimateFile(url: string): Promise<HTMLDialogElement> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(url);
  const file = new DOMParser().parseFromString(await response.text(), 'text/html');
  const part = <T extends Element>(selector: string) => document.adoptNode(file.querySelector<T>(selector)!);
  const link = part<HTMLLinkElement>('link'); // its stylesheet, the file's one link
  const styled = new Promise((loaded, failed) => ((link.onload = loaded), (link.onerror = failed)));
  document.head.append(link);
  if (!document.getElementById('toasts')) {
    document.body.append(part('#toasts'));
    initToaster();
  }
  const dialog = part<HTMLDialogElement>('dialog');
  document.body.append(dialog);
  await styled;
  return dialog;
}
