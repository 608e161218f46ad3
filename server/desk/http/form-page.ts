import type { Context } from 'hono'
import type { Child } from 'hono/jsx'
import { formPageBasics } from '../layout/notices.ts'
import type { DeskEnv } from './desk-env.ts'
import { renderPage } from './render.ts'

type FormPageBasics = ReturnType<typeof formPageBasics>

/**
 * A desk page with forms, given what it shows. The session's form token and the notice the
 * redirect to it named are added here, so that no page can be rendered without them.
 */
export const renderFormPage = <Props extends object>(
  c: Context<DeskEnv>,
  page: (props: NoInfer<Props> & FormPageBasics) => Child,
  props: Props,
) => renderPage(c, page({ ...props, ...formPageBasics(c) }))
