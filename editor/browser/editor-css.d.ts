// The editor's stylesheet, imported by its script as text (esbuild's text loader: admin-script.ts).
declare module '*.css' {
  const text: string;
  export default text;
}
