// node:path for the editor's bundle (editor/build/bundle.ts): errors.ts names files relative to the working folder, which in
// the browser the editor's messages already are.
export default { relative: (_from: string, to: string) => to };
