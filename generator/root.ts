// Where the project is: found from this file, never from a path fixed elsewhere, so a copied, moved or renamed
// checkout builds its own files.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
