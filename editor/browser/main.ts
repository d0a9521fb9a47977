// The editor's script at /admin (bundled by editor/build/bundle.ts, loaded after Sveltia CMS): it registers the
// editor's own jobs with Sveltia. As the page loads, photos are taken in before Sveltia sees them (photos.ts). Before a
// save (preSave): on the local folder, a save over someone else's is refused (conflict.ts; with GitHub Sveltia refuses
// it itself), then the build's rules judge it (save-check.ts). After a save (postSave): the content check on GitHub is
// followed (content-check.ts), what the build would warn of is shown, and the save is remembered (saves.ts;
// conflict.ts on the local folder).
import { refuseIfSavedElsewhere, rememberSave } from './conflict.ts';
import { followCheck } from './content-check.ts';
import { takePhotos } from './photos.ts';
import { check, checkSave, showWarnings } from './save-check.ts';
import { rememberSaved } from './saves.ts';
import { database, onEditorEvent, signedIn, type ImmutableMap } from './sveltia.ts';

/** Sveltia's preSave handler: a save on the local folder over someone else's is stopped, then the save check runs. */
async function preSave({ entry }: { entry: ImmutableMap }): Promise<ImmutableMap | undefined> {
  if (signedIn()?.backendName === 'local') await refuseIfSavedElsewhere(database(), entry.toJS().path ?? '');
  return checkSave(entry);
}

/** Sveltia's postSave handler: follows the content check, shows the save's warnings, remembers the save. */
async function postSave({ entry }: { entry: ImmutableMap }) {
  void followCheck().catch(() => undefined); // GitHub not reachable: no notice
  const { path = '', data = {} } = entry.toJS();
  showWarnings(path);
  if (signedIn()?.backendName === 'local') await rememberSave(database(), path).catch(() => undefined);
  await rememberSaved(path, data);
}

takePhotos();
onEditorEvent('preSave', preSave);
onEditorEvent('postSave', postSave);

// for tests: the check, and the handler as Sveltia calls it
(window as unknown as { editorRules: unknown }).editorRules = { check, preSave };
