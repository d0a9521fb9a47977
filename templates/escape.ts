// The one escaper per target language. Templates rendered by React need none of these: React escapes.

const HTML_ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** HTML text or a double-quoted attribute value, escaped as React escapes them. */
export function escapeHtml(s: string): string {
  return /["&'<>]/.test(s) ? s.replace(/["&'<>]/g, (c) => HTML_ESCAPES[c]) : s;
}

/** XML text or a double-quoted attribute value (the sitemap, the feed). */
export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON inside a <script> element: `<`, `>`, `&` and the line separators escaped, so no content can end the script. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
