/** A random id (a request's, a calendar file's): a UUID, or 32 hex digits where crypto.randomUUID is missing (it needs
 * a secure context). */
export const newId = () =>
  crypto.randomUUID?.() ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
