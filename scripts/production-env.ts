/**
 * Imported first by scripts/build.ts, before anything that loads React. React chooses its
 * development or production build by NODE_ENV the first time it is loaded, and the build reads
 * the site's content (icons, so React) to warn about the demo's claims long before Vite sets
 * NODE_ENV for its own builds; the prerender's react-dom, loaded after, took the production
 * build and the two did not fit ("dispatcher.getOwner is not a function"). A NODE_ENV set by
 * whoever runs the build is kept.
 */
process.env.NODE_ENV ??= 'production'
