// The photo field, in every delivery mode: each image chosen is made small (photo-shrink.ts) and shows as a thumbnail
// with a remove button. A file that cannot be read is named in the field's status line and left out; the rest of the
// request still goes. Its words are the words file's (site.yaml forms.photos).
import { app, wordsReady } from './handover.ts';
import { shrink, type Photo } from './photo-shrink.ts';

interface Photos {
  list: Photo[];
  ready: Promise<unknown>; // the photos still being made small
}
const photoState = new WeakMap<HTMLFormElement, Photos>();

/** The form's photos as they are sent; undefined for a form without a photo field. */
export const photosOf = (form: HTMLFormElement): Photo[] | undefined => photoState.get(form)?.list;
/** How many photos the form has. */
export const photoCount = (form: HTMLFormElement) => photosOf(form)?.length ?? 0;
/** Settles once the photos chosen so far are made small (never rejects). */
export const photosReady = (form: HTMLFormElement) => Promise.resolve(photoState.get(form)?.ready).catch(() => {});

/** Runs the form's photo field, if it has one; `changed` is told when a photo comes or goes. */
export function photoField(form: HTMLFormElement, changed: () => void) {
  const field = form.querySelector<HTMLElement>('[data-photos]');
  if (!field || photoState.has(form)) return;
  const input = field.querySelector('input')!;
  const status = field.querySelector('.photos__status')!;
  const list = document.createElement('ul');
  list.className = 'photos__list';
  input.after(list);
  field.classList.add('is-enhanced');
  const st: Photos = { list: [], ready: Promise.resolve() };
  photoState.set(form, st);

  const show = () =>
    list.replaceChildren(
      ...st.list.map((p) => {
        const item = document.createElement('li');
        const img = Object.assign(document.createElement('img'), { src: p.thumb, alt: p.name });
        const remove = Object.assign(document.createElement('button'), { type: 'button', className: 'photos__remove' });
        remove.textContent = app.say('remove');
        remove.setAttribute('aria-label', `${app.say('remove')} ${p.name}`);
        remove.addEventListener('click', () => {
          const i = st.list.indexOf(p);
          st.list.splice(i, 1);
          status.textContent = '';
          show();
          changed();
          // focus stays in the list: on the next photo's button, or back on the picker
          (list.querySelectorAll('button')[i] ?? list.querySelectorAll('button')[i - 1] ?? input).focus();
        });
        item.append(img, remove);
        return item;
      }),
    );

  const add = () => {
    const files = [...(input.files ?? [])];
    input.value = ''; // the made-small copies are what is sent; the same photo can be chosen again
    if (!files.length) return;
    st.ready = st.ready.then(async () => {
      await wordsReady;
      const notes: string[] = [];
      for (const f of files) {
        if (st.list.length >= Number(field.dataset.photos)) notes.push(app.say('tooMany', { name: f.name }));
        else
          try {
            st.list.push(await shrink(f));
          } catch {
            notes.push(app.say('unreadable', { name: f.name }));
          }
      }
      status.textContent = notes.join(' ');
      show();
      changed();
    });
  };
  input.addEventListener('change', add);
  form.addEventListener('reset', () => {
    st.list = [];
    status.textContent = '';
    show();
  });
  add(); // photos chosen before this module arrived
}
