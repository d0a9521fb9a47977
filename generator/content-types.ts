// The one content-type table: the dev server answers with it, nginx's `types` block is written from it.

interface ContentType {
  type: string;
  ext: string[];
  text?: boolean; // served with charset=utf-8
  compress?: boolean; // worth gzip on the fly (nginx always compresses HTML)
}

export const CONTENT_TYPES: ContentType[] = [
  { type: 'text/html', ext: ['html'], text: true },
  { type: 'text/css', ext: ['css'], text: true, compress: true },
  { type: 'text/javascript', ext: ['js', 'mjs'], text: true, compress: true },
  { type: 'application/xml', ext: ['xml'], text: true, compress: true },
  { type: 'text/plain', ext: ['txt'], text: true, compress: true },
  { type: 'application/json', ext: ['json'], compress: true },
  { type: 'text/yaml', ext: ['yml', 'yaml'], text: true, compress: true }, // the editor's configuration (admin/config.yml), as Netlify and Pages send it
  { type: 'application/manifest+json', ext: ['webmanifest'], compress: true },
  { type: 'image/svg+xml', ext: ['svg'], compress: true },
  { type: 'image/png', ext: ['png'] },
  { type: 'image/jpeg', ext: ['jpg', 'jpeg'] },
  { type: 'image/webp', ext: ['webp'] },
  { type: 'image/avif', ext: ['avif'] },
  { type: 'image/gif', ext: ['gif'] },
  { type: 'image/x-icon', ext: ['ico'] },
  { type: 'font/woff2', ext: ['woff2'] },
  { type: 'application/pdf', ext: ['pdf'] },
];

const byExt = new Map<string, string>(
  CONTENT_TYPES.flatMap((t) => t.ext.map((e) => [`.${e}`, t.text ? `${t.type}; charset=utf-8` : t.type] as const)),
);

/** The Content-Type header for a file name, by its extension. */
export function contentType(file: string): string {
  const dot = file.lastIndexOf('.');
  return (dot >= 0 && byExt.get(file.slice(dot).toLowerCase())) || 'application/octet-stream';
}
