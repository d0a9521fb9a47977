// The editor's stylesheet, imported by its script as text (esbuild's text loader: editor/build/bundle.ts).
declare module '*.css' {
  const text: string;
  export default text;
}
