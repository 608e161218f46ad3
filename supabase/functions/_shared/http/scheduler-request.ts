import { isSweepAllowed, SWEEP_SECRET_HEADER } from './sweep-secret.ts'

/** A JSON answer to the scheduler (pg_net): no browser calls these functions, so no CORS. */
export const schedulerJson = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  })

/** The answer when a run failed (the database went away, a bug): JSON, for pg_net to record. */
export const schedulerFailed = (message: string) =>
  schedulerJson(500, { error: { code: 'internal_error', message } })

/**
 * The refusal for a request to a function only pg_cron may run: 405 but for POST, 401 without
 * MAIL_SWEEP_SECRET in its header (`refused` says what was refused); undefined when it may run.
 */
export const refuseUnlessScheduler = async (
  req: Request,
  sweepSecret: string | undefined,
  refused: string,
): Promise<Response | undefined> => {
  if (req.method !== 'POST') {
    return schedulerJson(
      405,
      { error: { code: 'method_not_allowed', message: 'Use POST.' } },
      { Allow: 'POST' },
    )
  }
  if (!(await isSweepAllowed(req.headers.get(SWEEP_SECRET_HEADER), sweepSecret))) {
    return schedulerJson(401, { error: { code: 'unauthorized', message: refused } })
  }
  return undefined
}

/**
 * A function only pg_cron may run: the refusals above, then `run`. A run that throws (the
 * database went away, a bug) answers `failed` in JSON for pg_net's record, never a stack.
 */
export const schedulerHandler =
  <Deps extends { sweepSecret: string | undefined }>(
    refused: string,
    run: (deps: Deps) => Promise<Response>,
    failed: (error: unknown, deps: Deps) => Response,
  ) =>
  async (req: Request, deps: Deps): Promise<Response> => {
    const refusal = await refuseUnlessScheduler(req, deps.sweepSecret, refused)
    if (refusal) return refusal
    try {
      return await run(deps)
    } catch (error) {
      return failed(error, deps)
    }
  }
