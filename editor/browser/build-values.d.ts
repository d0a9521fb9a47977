// What the build puts into the editor's script as it is bundled (editor/build/bundle.ts, esbuild define).

/** The backend the editor saves to, as the build wrote it into the editor's configuration (editor/build/config.ts). */
declare const EDITOR_BACKEND: import('../build/config.ts').EditorBackend;
