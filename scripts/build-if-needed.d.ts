/** Why a build is needed, or undefined when the one in dist/ and dist-server/ will do. */
export declare const whyBuild: () => string | undefined
/** Runs `npm run build` when whyBuild() says so; exits the process if it cannot. */
export declare const buildIfNeeded: () => void
/** server/settings.ts's DEV_ANON_KEY, said again for plain Node (a test holds them equal). */
export declare const DEV_ANON_KEY: string
