import { readFile } from 'node:fs/promises'

/**
 * The contact page as the build prerendered it for a refused form (scripts/prerender.ts):
 * the whole page, with a placeholder where each typed value and the refusal go. The server
 * has no React; it only writes escaped text into those places.
 */
export interface ContactPageTemplate {
  html: string
  slots: Record<ContactPageSlot, string>
  texts: { databasePrefix: string; unexpected: string }
  /** The page's own Content-Security-Policy, from the <meta> the build wrote into it. */
  contentSecurityPolicy: string | undefined
}

export type ContactPageSlot = 'name' | 'email' | 'company' | 'message' | 'description'

const SLOT_NAMES: ContactPageSlot[] = ['name', 'email', 'company', 'message', 'description']
const POLICY_META = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

const count = (html: string, part: string) => html.split(part).length - 1

/**
 * Reads the template, or undefined when the build wrote none (a server started without a
 * built site). One that does not hold each placeholder exactly once was not written by this
 * build, and stops the start rather than show a broken page later.
 */
export const loadContactPageTemplate = async (
  file: string,
): Promise<ContactPageTemplate | undefined> => {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const parsed = JSON.parse(text) as Partial<Record<'html' | 'slots' | 'texts', unknown>>
  const slots = (parsed.slots ?? {}) as Record<string, unknown>
  const texts = (parsed.texts ?? {}) as Record<string, unknown>
  const html = parsed.html
  const valid =
    isText(html) &&
    SLOT_NAMES.every((name) => isText(slots[name]) && count(html, slots[name]) === 1) &&
    isText(texts.databasePrefix) &&
    isText(texts.unexpected)
  if (!valid) throw new Error(`${file} is not a contact page template from this build.`)
  return {
    html,
    slots: slots as Record<ContactPageSlot, string>,
    texts: texts as ContactPageTemplate['texts'],
    contentSecurityPolicy: POLICY_META.exec(html)?.[1],
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * Safe in text and in a quoted attribute alike: nothing can end the attribute, open a tag or
 * start an entity. (`</textarea>` becomes `&lt;/textarea&gt;`, shown as typed.)
 */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch)

/** What the page shows: what was typed, and the database's reason (null: none, an outage). */
export interface RefusedFormView {
  values: { name: string; email: string; company: string; message: string }
  reason: string | null
}

/** The page with the visitor's values in their fields and the refusal worded as the spec says. */
export const fillContactPage = (template: ContactPageTemplate, view: RefusedFormView): string => {
  const description =
    view.reason === null ? template.texts.unexpected : template.texts.databasePrefix + view.reason
  const filled: Record<ContactPageSlot, string> = {
    name: escapeHtml(view.values.name),
    email: escapeHtml(view.values.email),
    company: escapeHtml(view.values.company),
    // A line break right after <textarea> is dropped by every HTML parser: a message that
    // starts with one needs a second.
    message: (/^[\r\n]/.test(view.values.message) ? '\n' : '') + escapeHtml(view.values.message),
    description: escapeHtml(description),
  }
  // One pass over the template, so a value that looks like a placeholder stays a value.
  const pattern = new RegExp(
    SLOT_NAMES.map((name) => template.slots[name].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  )
  const bySlot = new Map(SLOT_NAMES.map((name) => [template.slots[name], filled[name]]))
  return template.html.replace(pattern, (slot) => bySlot.get(slot) ?? slot)
}
