// A quote request leaving the browser: one attempt for real (netlify or endpoint), or, simulated, what it would carry.
import { photoField as photoName } from '../templates/model/constants.ts';
import { photosOf } from './photo-field.ts';

/** Where the visit came from, as the head script keeps it for the tab (lead.ts): sent with the request. */
export function keptLead(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.lead);
  } catch {
    return {}; // none kept, or storage blocked
  }
}

// form.name would be the input called "name": the form's own attributes are read with getAttribute.
export const attr = (form: HTMLFormElement, name: string) => form.getAttribute(name) ?? '';

/**
 * One attempt, as multipart/form-data (each photo a file field of its own, photo1, photo2, ...). Fails on no network,
 * no answer in time (data-send-timeout, plus a second per 125 KB of photos: 1 Mbit/s), a non-2xx answer, or an answer
 * other than the service promises: Netlify answers with a page (HTML), a form service with JSON that reports no error.
 */
export async function send(form: HTMLFormElement, payload: Record<string, string>): Promise<boolean> {
  const netlify = form.dataset.delivery === 'netlify';
  const body = new FormData();
  if (netlify) body.append('form-name', attr(form, 'name'));
  for (const [k, v] of Object.entries(payload)) body.append(k, v);
  let bytes = 0;
  photosOf(form)?.forEach((p, i) => {
    body.append(photoName(i + 1), p.file, p.name);
    bytes += p.file.size;
  });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), Number(form.dataset.sendTimeout) + bytes / 125);
  try {
    // no Content-Type: the browser writes multipart/form-data with its boundary
    const res = await fetch(netlify ? '/' : attr(form, 'action'), {
      method: 'POST',
      signal: abort.signal,
      headers: netlify ? {} : { Accept: 'application/json' },
      body,
    });
    if (!res.ok) return false;
    if (netlify) return (res.headers.get('content-type') ?? '').includes('text/html');
    const answer = await res.json();
    return !!answer && typeof answer === 'object' && answer.ok !== false && answer.success !== false && !answer.error && !answer.errors;
  } catch {
    return false; // no network, timed out, connection closed, or not JSON
  } finally {
    clearTimeout(timer);
  }
}

/** What the simulated mode logs: every text field, where the visit came from, the page, and each photo's name, size
 * in pixels and bytes. */
export function simulated(form: HTMLFormElement, lead: Record<string, string>) {
  const data: Record<string, unknown> = {};
  new FormData(form).forEach((v, k) => typeof v == 'string' && (data[k] = v));
  const photos = photosOf(form)?.map(({ name, width, height, file }) => ({ name, width, height, bytes: file.size }));
  return { ...data, ...lead, page: location.pathname, photos };
}
