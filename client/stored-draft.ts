// The draft of a quote request as kept in localStorage (with real delivery only: the form names its key). Read here, in
// the first-visit module, which loads the delivery module at once for a contact form that has one; drafts.ts reads it
// through this too (load-delivery.ts).

/** The form's draft as stored, or null: none kept, or storage blocked. */
export function storedDraft(form: HTMLFormElement): string | null {
  const key = form.dataset.draftKey;
  try {
    return key ? localStorage.getItem(key) : null;
  } catch {
    return null; // storage blocked (some private modes)
  }
}
