// Which deploy a build is for: a host's production deploy (the site people visit) or anything else (a deploy preview, a
// branch deploy, `npm run build` on a laptop, `npm run dev`). A production build refuses the settings still at their
// placeholder (placeholders.ts); every other build lists them as warnings. docs/decisions/production-refuses-placeholders.md.

/** The variables a host sets for its build that say which deploy it is: Netlify's CONTEXT (production,
 * deploy-preview, branch-deploy, dev), Cloudflare Pages' CF_PAGES (1) and CF_PAGES_BRANCH (the branch being built). The
 * tests clear them (tests/vitest.config.ts): a test says for itself which deploy it builds. */
export const HOST_VARIABLES = ['CONTEXT', 'CF_PAGES', 'CF_PAGES_BRANCH'] as const;

export type HostEnv = Partial<Record<(typeof HOST_VARIABLES)[number], string>>;

/**
 * Why this build is a production deploy, in words for its log, or null when it is not: the `--production` flag (any
 * other host, the daily workflow), Netlify's `CONTEXT=production`, or Cloudflare Pages building its production branch.
 * Pages tells a build only which branch it builds, not which branch is the production one (a setting of the Pages
 * project), so the production branch is the one the site says it publishes from: site.yaml cms.branch, main unless set.
 */
export function productionReason(opts: { flag?: boolean; env?: HostEnv; branch?: string }): string | null {
  const env = opts.env ?? {};
  const branch = opts.branch ?? 'main';
  if (opts.flag) return 'built with --production';
  if (env.CONTEXT === 'production') return "Netlify's production deploy (CONTEXT=production)";
  if (env.CF_PAGES === '1' && env.CF_PAGES_BRANCH === branch)
    return `Cloudflare Pages' production branch (CF_PAGES_BRANCH=${branch}, the branch of site.yaml cms.branch)`;
  return null;
}

/** The heading of a production build's refusal, over the settings still at a placeholder (`why`: productionReason). */
export function refusal(why: string, count: number): string {
  const are = count === 1 ? 'setting is' : 'settings are';
  return `This is a production build (${why}), and ${count} ${are} still a placeholder; set each before going live (docs/deploy.md, "Before going live"):`;
}

/** The line after the placeholders' warnings, in every build that is not a production deploy. */
export function notLiveYet(count: number): string {
  const are = count === 1 ? 'setting is' : 'settings are';
  return `Not ready to go live: ${count} ${are} still a placeholder (the warnings above), which a production build refuses: docs/deploy.md, "Before going live".`;
}
