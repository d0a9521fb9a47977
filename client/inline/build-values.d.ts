// What the build puts into the inline scripts as they are bundled (generator/assets.ts inlineScripts, esbuild define).

/** The app module's public path: client/first-visit/main.tsx bundled and named by its content hash. */
declare const APP_MODULE: string;
/** Whether the site is built with site.yaml's alert up: without one, the head script leaves the alert's code out. */
declare const WITH_ALERT: boolean;
