/** @jsxImportSource hono/jsx */
import { agendaCopy } from '../agenda-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { DeskDocument, Notice } from '../../layout/desk-document.tsx'
import { formatDateTimeIn } from '../company-clock.ts'
import { AgendaTabs } from './agenda-tabs.tsx'

const copy = agendaCopy.feed

export interface FeedPageProps {
  zone: string
  csrfToken: string
  /** When the current address was made; undefined when there is none. */
  createdAt?: Date
  /** The address just made: shown now and never again. */
  newUrl?: string
}

/**
 * The private calendar feed: how to subscribe, and its address, made (or made again, which
 * ends the old one) by a POST whose answer is the only place the address ever appears. The
 * desk runs no script, so "copy" is a read-only field to select and copy.
 */
export const FeedPage = ({ zone, csrfToken, createdAt, newUrl }: FeedPageProps) => (
  <DeskDocument title={copy.title} csrfToken={csrfToken}>
    <h1>{copy.title}</h1>
    {newUrl !== undefined && <Notice tone="ok" text={copy.created} />}
    <p>{copy.intro}</p>
    <AgendaTabs />
    {newUrl !== undefined && (
      <section class="panel stack" aria-labelledby="endereco-titulo">
        <h2 id="endereco-titulo">{copy.newAddress}</h2>
        <label for="endereco">{copy.address}</label>
        <input
          id="endereco"
          type="text"
          readonly
          value={newUrl}
          aria-describedby="endereco-dica"
          autofocus
        />
        <p id="endereco-dica" class="hint">
          {copy.addressHint}
        </p>
        <p>
          <a href={newUrl.replace(/^https?:/, 'webcal:')}>{copy.openInApp}</a>
        </p>
      </section>
    )}
    <section class="panel" aria-labelledby="como-assinar">
      <h2 id="como-assinar">{copy.howToHeading}</h2>
      <ul>
        {copy.howTo.map((step) => (
          <li>{step}</li>
        ))}
      </ul>
      <p class="hint">{copy.refresh}</p>
      <p class="hint">{copy.secret}</p>
    </section>
    <form method="post" action={deskPaths.feedSettings} class="panel stack">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <p>{createdAt === undefined ? copy.none : copy.exists(formatDateTimeIn(createdAt, zone))}</p>
      {createdAt !== undefined && (
        <label class="check">
          <input type="checkbox" name="confirm" value="1" required />
          <span>{copy.replaceConfirm}</span>
        </label>
      )}
      <div class="actions">
        <button type="submit" class={createdAt === undefined ? undefined : 'secondary'}>
          {createdAt === undefined ? copy.create : copy.replace}
        </button>
      </div>
    </form>
  </DeskDocument>
)
