// The editor's files in dist/admin/: its page, its configuration (config.ts) as YAML, Sveltia CMS's own script,
// fonts and Immutable.js, copied from node_modules (never a CDN) with the script's addresses pointing at them, and the
// editor's own script (bundle.ts) with the site index its save check judges a save against (site-index.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import yaml from 'js-yaml';
import { escapeHtml } from '../../templates/escape.ts';
import type { Site } from '../../templates/model/types.ts';
import type { EditorScript } from './bundle.ts';
import { editorConfig, type EditorSite } from './config.ts';
import type { SiteIndex } from '../check.ts';
import { EDITOR_PATH } from '../../templates/model/constants.ts';

/** Finds the packages' files (they export none of these paths). */
const requirePackage = createRequire(import.meta.url);

/** The editor's folder in dist/: its page is /admin/ (admin/index.html), its code and configuration beside it. */
const EDITOR_DIR = EDITOR_PATH.slice(1, -1);

/** A page of the editor's room (the editor, the office page): for search engines no page at all, for a phone's width;
 *  `title` as text, `head` and `body` its own markup. */
export const roomPage = (title: string, head: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}</body>
</html>
`;

/** The editor's page: no index, no public page links it, and it loads nothing but its own code and configuration. */
export function editorPage(site: Pick<Site, 'business'>, script: string, rules?: string): string {
  return roomPage(
    `Edit the site | ${site.business.name}`,
    `<link rel="cms-config-url" type="application/yaml" href="/${EDITOR_DIR}/config.yml">`,
    `<script src="/${EDITOR_DIR}/${script}"></script>\n${rules ? `<script src="/${EDITOR_DIR}/${rules}"></script>\n` : ''}`,
  );
}

/**
 * The fonts the editor's interface asks a CDN for, served from dist/admin/ instead: the same files, from the npm
 * packages they are published in (pinned in package.json), so /admin/ needs nothing but its own site. Without the
 * icon font its buttons would show their icons' names.
 */
const FONTS: { cdn: string; file: string; name: string }[] = [
  {
    cdn: 'https://cdn.jsdelivr.net/fontsource/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2',
    file: '@fontsource-variable/material-symbols-outlined/files/material-symbols-outlined-latin-wght-normal.woff2',
    name: 'material-symbols-outlined.woff2',
  },
  {
    cdn: 'https://cdn.jsdelivr.net/fontsource/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2',
    file: '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2',
    name: 'source-sans-3.woff2',
  },
  {
    cdn: 'https://cdn.jsdelivr.net/fontsource/fonts/noto-mono@5.3.0/latin-400-normal.woff2',
    file: '@fontsource/noto-mono/files/noto-mono-latin-400-normal.woff2',
    name: 'noto-mono.woff2',
  },
];

/** A package's file (the packages export none of these paths, so they are found from the package's folder). */
function packageFile(file: string): Buffer {
  const [scope, name, ...rest] = file.split('/');
  const pkg = path.dirname(requirePackage.resolve(`${scope}/${name}/package.json`));
  return readFileSync(path.join(pkg, ...rest));
}

/**
 * The library the editor loads from unpkg.com before it runs its save events (the preSave check, browser/main.ts):
 * without it Sveltia skips them and saves anyway. Served from dist/admin/vendor/ instead, from its npm package (pinned
 * in package.json at the version the editor asks for), at the same path below the package's name and version.
 */
const IMMUTABLE = {
  cdn: '`https://unpkg.com/${e}`',
  file: 'immutable/dist/immutable.es.js',
  version: (requirePackage('immutable/package.json') as { version: string }).version, // as package.json pins it
};
const VENDOR = `/${EDITOR_DIR}/vendor`;

/**
 * Sveltia's own words that read as the build's do (it offers no way to change its words: registerLocale is one of the
 * Decap calls it does not support), replaced in its code. A refusal is never "try again later" (trying again never
 * helps), and an empty field reads as the build says it (docs/decisions/editor.md). One replacement is not words but
 * what a box offers (its conflict box's Save Anyway), checked the same way.
 */
export const EDITOR_WORDS: [string, string][] = [
  [
    'saving_entry:{error:{title:`Error`,description:`There was an error while saving the entry. Please try again later.`}',
    'saving_entry:{error:{title:`Not saved`,description:`The site could not be published with this. Change what is named here, then save again.`}',
  ],
  ['value_missing:`This field is required.`', 'value_missing:`Must not be empty.`'],
  // a save on an entry someone else saved since it was opened (Sveltia's own check with GitHub, browser/conflict.ts on
  // the local folder): refused, saying what happened and what to do (docs/decisions/editor.md)
  [
    'save_conflict:{title:`Entry Changed by Someone Else`,modified_by:`{$name} changed this entry on {$date}, after you opened it.`,modified:`This entry has been changed in the repository after you opened it.`,deleted:`This entry has been deleted from the repository after you opened it.`,overwrite_warning:`If you save now, their changes will be lost.`,recreate_warning:`If you save now, the entry will be created again.`,',
    'save_conflict:{title:`Not saved: someone else saved this first`,modified_by:`{$name} saved this entry on {$date}, after you opened it.`,modified:`Someone else saved this entry after you opened it.`,deleted:`Someone else deleted this entry after you opened it.`,overwrite_warning:`Saving yours over it would undo their change, so the editor does not: reload the entry (Reload Entry, or reload the page) to see theirs, then make your change again.`,recreate_warning:`Nothing was saved. To keep it, make it again as a new entry.`,',
  ],
  [
    'branch_moved:`The repository has been updated by someone else while saving. Please try again.`',
    'branch_moved:`Someone else saved a change to the site while yours was being saved, so yours was not. Save again.`',
  ],
  // not words: the conflict box offers no Save Anyway (that would undo the other's change), only OK
  ['get okLabel(){return R(t)},onOk:async()=>{await Le({skipCI:R(p)?.skipCI,overwrite:!0})},', 'showOk:!1,cancelLabel:`OK`,'],
  // a draft kept in the browser holds every field as it was: restored after someone else's save, it would undo theirs
  [
    'restore_backup_description:`This entry has a backup from {$datetime}. Do you want to restore the edited draft?`',
    'restore_backup_description:`Your changes to this entry from {$datetime} were not saved. Restore them? If someone else has saved this entry since, restoring yours would undo theirs: then choose Discard and make your changes again.`',
  ],
  // before a delete: what happens to its page and to the links to it (docs/decisions/deleting-an-entry.md)
  [
    'confirm_deleting_this_entry:`Are you sure you want to delete this entry?`',
    'confirm_deleting_this_entry:`Delete this entry? Its page leaves the site at the next publish. Links to it in the text of other pages then lead to the list it was on (a city’s to the service areas, a post’s to the blog), and the build’s warnings name those pages to change.`',
  ],
  [
    'deleting_referenced_entries_note:`.input {$count :integer} .match $count one {{The reference to it in another entry will be removed as well.}} * {{The references to it in {$count} other entries will be removed as well.}}`',
    'deleting_referenced_entries_note:`.input {$count :integer} .match $count one {{It is also taken out of a list in another entry (like Nearby or a job’s city); the text of pages is not changed.}} * {{It is also taken out of the lists of {$count} other entries (like Nearby or a job’s city); the text of pages is not changed.}}`',
  ],
];

/** The editor's code with its font and library addresses pointing at dist/admin/ and its words (EDITOR_WORDS) ours;
 * a change in any of them stops the build. */
function editorCode(): Buffer {
  let code = readFileSync(path.join(path.dirname(requirePackage.resolve('@sveltia/cms')), '../dist/sveltia-cms.js'), 'latin1');
  for (const [theirs, ours] of EDITOR_WORDS) {
    if (code.split(theirs).length !== 2)
      throw new Error(
        `@sveltia/cms no longer says ${theirs}: update EDITOR_WORDS in editor/build/files.ts for the version in package.json`,
      );
    code = code.replace(theirs, () => Buffer.from(ours).toString('latin1')); // the code is read byte for byte, ours is UTF-8
  }
  for (const font of FONTS) {
    if (!code.includes(font.cdn))
      throw new Error(`@sveltia/cms no longer loads ${font.cdn}: update FONTS in editor/build/files.ts for the version in package.json`);
    code = code.replaceAll(font.cdn, `/${EDITOR_DIR}/${font.name}`);
  }
  // the unpkg.com address of a package, for Immutable.js only: the site's own copy (the editor needs no other offline)
  if (code.split(IMMUTABLE.cdn).length !== 2 || !code.includes(`immutable:\`^${IMMUTABLE.version}\``))
    throw new Error(
      `@sveltia/cms no longer loads immutable@${IMMUTABLE.version} from ${IMMUTABLE.cdn}: pin the version it asks for in package.json, or update IMMUTABLE in editor/build/files.ts`,
    );
  code = code.replace(IMMUTABLE.cdn, `(e===\`immutable\`?location.origin+\`${VENDOR}/immutable\`:${IMMUTABLE.cdn})`);
  return Buffer.from(code, 'latin1');
}

/** The editor's own script (bundle.ts) and what its save check judges a save against (site-index.ts). */
export interface EditorRules {
  script: EditorScript;
  index: SiteIndex;
}

/** The editor's files for dist/admin/: [name, contents]. The CMS's own code is named by its hash, so it can be cached. */
export function editorFiles(site: EditorSite, rules?: EditorRules, apiRoot?: string): [string, string | Buffer][] {
  const code = editorCode();
  const script = `sveltia-cms-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  const header =
    '# Generated by build.ts (editor/build/config.ts) from the content schemas and content/site.yaml: rebuild rather than edit.\n';
  return [
    [`${EDITOR_DIR}/index.html`, editorPage(site, script, rules?.script.name)],
    [`${EDITOR_DIR}/config.yml`, header + yaml.dump(editorConfig(site, apiRoot), { lineWidth: 120, noRefs: true })],
    [`${EDITOR_DIR}/${script}`, code],
    ...FONTS.map((f): [string, Buffer] => [`${EDITOR_DIR}/${f.name}`, packageFile(f.file)]),
    [`${VENDOR.slice(1)}/immutable@${IMMUTABLE.version}/dist/immutable.es.js`, readFileSync(requirePackage.resolve(IMMUTABLE.file))],
    ...(rules
      ? ([
          [`${EDITOR_DIR}/${rules.script.name}`, rules.script.code],
          [`${EDITOR_DIR}/site-index.json`, JSON.stringify(rules.index)],
        ] as [string, string][])
      : []),
  ];
}
