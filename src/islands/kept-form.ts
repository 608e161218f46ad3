/**
 * What a visitor typed into an island's form, read from the page itself, so that an island
 * that fails can show it again (error-screen.tsx) and put it back when it is tried again. Only
 * the DOM is read: it holds the text whether the island's code ever ran or not.
 */
export interface KeptField {
  name: string
  value: string
  /** `hidden`: sent with the form but never shown (hidden inputs and bot traps). */
  kind: 'text' | 'multiline' | 'checkbox' | 'hidden'
  /** The label the visitor saw; empty for hidden fields. */
  label: string
  /** The input's type, for the browser's own checks and keyboards (email, tel…). */
  type: string
  required: boolean
  checked: boolean
  maxLength?: number
  rows?: number
  autoComplete?: string
}

/** A piece of a note's text, or a link in it. */
export interface NoteSegment {
  /** What the visitor sees (a link's words without its hidden part). */
  text: string
  href?: string
  newTab?: boolean
  /** A link's words for screen readers only, such as that it opens another tab. */
  hiddenText?: string
}

export interface KeptForm {
  /** Where the form posts without the island's code; null when it cannot. */
  action: string | null
  method: string
  fields: KeptField[]
  /** The form's paragraphs, such as what sending agrees to, with their links. */
  notes: NoteSegment[][]
  /** The field the visitor was in (its name): the error screen puts them back there. */
  focused?: string
}

const TEXT_LIKE = new Set(['text', 'email', 'tel', 'url', 'search', 'number', 'hidden'])

const isField = (el: Element): el is HTMLInputElement | HTMLTextAreaElement =>
  (el instanceof HTMLTextAreaElement ||
    (el instanceof HTMLInputElement && (TEXT_LIKE.has(el.type) || el.type === 'checkbox'))) &&
  el.name !== ''

function readField(el: HTMLInputElement | HTMLTextAreaElement): KeptField {
  const hidden = el.type === 'hidden' || el.closest('[hidden]') !== null
  const multiline = el instanceof HTMLTextAreaElement
  return {
    name: el.name,
    value: el.value,
    kind: hidden
      ? 'hidden'
      : multiline
        ? 'multiline'
        : el.type === 'checkbox'
          ? 'checkbox'
          : 'text',
    label: hidden ? '' : (el.labels?.[0]?.textContent ?? '').trim(),
    type: multiline ? 'text' : el.type,
    required: el.required,
    checked: el instanceof HTMLInputElement && el.checked,
    maxLength: el.maxLength > 0 ? el.maxLength : undefined,
    rows: multiline ? el.rows : undefined,
    autoComplete: el.getAttribute('autocomplete') ?? undefined,
  }
}

/** A link's words, apart from those only screen readers get (the `sr-only` class). */
function readLink(link: HTMLAnchorElement): NoteSegment {
  const shown = link.cloneNode(true) as HTMLAnchorElement
  const hidden = [...shown.querySelectorAll('.sr-only')]
  for (const part of hidden) part.remove()
  const hiddenText = hidden.map((part) => part.textContent ?? '').join('')
  return {
    text: shown.textContent ?? '',
    href: link.getAttribute('href') ?? '',
    newTab: link.target === '_blank',
    ...(hiddenText === '' ? {} : { hiddenText }),
  }
}

function readNote(paragraph: HTMLParagraphElement): NoteSegment[] {
  return [...paragraph.childNodes].map((node) =>
    node instanceof HTMLAnchorElement ? readLink(node) : { text: node.textContent ?? '' },
  )
}

export function readForm(form: HTMLFormElement): KeptForm {
  const notes = [...form.querySelectorAll('p')].filter(
    (p) => !p.closest('noscript, [hidden], [role="alert"]'),
  )
  const active = form.ownerDocument.activeElement
  const focused =
    active && form.contains(active) && isField(active) && readField(active).kind !== 'hidden'
      ? active.name
      : undefined
  return {
    action: form.getAttribute('action'),
    method: form.getAttribute('method') ?? 'get',
    fields: [...form.elements].filter(isField).map(readField),
    notes: notes.map(readNote),
    ...(focused === undefined ? {} : { focused }),
  }
}

export interface FormKeeper {
  /**
   * The form as it is now, or as it was last seen if the island's markup is already gone.
   * Undefined when the island has no form.
   */
  read(): KeptForm | undefined
  /** Puts kept text back into the island's form (hidden fields keep their own values). */
  restore(kept: KeptForm): void
}

/**
 * Reads the island's form when asked, and again at every keystroke, remembering the last
 * reading: when the island fails while the visitor types, React may take the form away before
 * anything can ask, and the text typed since the island started must not go with it.
 */
export function keepFormOf(root: HTMLElement): FormKeeper {
  let last: KeptForm | undefined
  const form = () => root.querySelector('form')
  const read = () => {
    const current = form()
    if (current) last = readForm(current)
    return last
  }
  read() // before the island's code touches the page
  root.addEventListener('input', read)
  root.addEventListener('change', read)
  return {
    read,
    restore(kept) {
      const target = form()
      if (!target) return
      for (const el of [...target.elements].filter(isField)) {
        const field = kept.fields.find((f) => f.name === el.name && f.kind !== 'hidden')
        if (!field || el.type === 'hidden' || el.closest('[hidden]')) continue
        if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = field.checked
        else el.value = field.value
      }
    },
  }
}
