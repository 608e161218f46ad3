/** @jsxImportSource hono/jsx */
import { leadsCopy } from '../leads-copy.ts'
import { deskPaths } from '../../desk-paths.ts'
import { VisitorText } from '../../layout/visitor-text.tsx'
import { PanelForm } from '../../forms/panel-form.tsx'
import { UnconfirmedEmailBadge } from './badges.tsx'
import type { Lead } from '../lead.ts'
import { REPLY_BODY_LIMIT, REPLY_SUBJECT_LIMIT } from '../replies/reply-limits.ts'
import { replyTemplates } from '../replies/reply-templates.ts'

const copy = leadsCopy.lead

/** What the reply form starts with: a template filled in for this lead, and a fresh form key. */
export interface ReplyDraftView {
  template: string
  subject: string
  body: string
  formKey: string
}

/**
 * The reply from the desk (decision 051). Without script a template is picked by a link that
 * reloads this page with it; the team edits the text before sending. It goes to the lead's own
 * address (shown, never an input), from the company's.
 */
export const ReplyForm = ({
  lead,
  draft,
  csrfToken,
}: {
  lead: Lead
  draft: ReplyDraftView | undefined
  csrfToken: string
}) => (
  <section class="panel stack" id="responder" aria-labelledby="responder-titulo">
    <h2 id="responder-titulo">{copy.replyHeading}</h2>
    {draft === undefined ? (
      <p class="hint">{copy.replyOff}</p>
    ) : (
      <>
        <p>
          {copy.replyTo}: <VisitorText text={lead.email} />
          <UnconfirmedEmailBadge confirmed={lead.emailConfirmed} />
        </p>
        <p class="hint">{lead.emailConfirmed ? copy.replyHint : copy.replyHintUnconfirmed}</p>
        <nav aria-label={copy.replyTemplates} class="actions">
          <span class="hint">{copy.replyTemplates}</span>
          {replyTemplates.map((template) => (
            <a
              href={deskPaths.leadWithTemplate(lead.id, template.id)}
              aria-current={template.id === draft.template ? 'true' : undefined}
            >
              {template.label}
            </a>
          ))}
        </nav>
        <form method="post" action={deskPaths.leadReply(lead.id)} class="stack">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="form_key" value={draft.formKey} />
          <input type="hidden" name="template" value={draft.template} />
          <label for="resposta-assunto">{copy.replySubjectLabel}</label>
          <input
            id="resposta-assunto"
            name="subject"
            value={draft.subject}
            required
            maxlength={REPLY_SUBJECT_LIMIT}
          />
          <label for="resposta-texto">{copy.replyBodyLabel}</label>
          <textarea
            id="resposta-texto"
            name="body"
            dir="auto"
            rows={10}
            required
            maxlength={REPLY_BODY_LIMIT}
          >
            {draft.body}
          </textarea>
          <div class="actions">
            <button type="submit">{copy.replySubmit}</button>
          </div>
        </form>
      </>
    )}
  </section>
)

/** "Answered from my own mail client", in one click; shown only while the lead waits. */
export const MarkAnsweredForm = ({ lead, csrfToken }: { lead: Lead; csrfToken: string }) => (
  <PanelForm
    action={deskPaths.leadAnswered(lead.id)}
    heading={copy.markAnsweredHeading}
    submit={copy.markAnswered}
    csrfToken={csrfToken}
    tone="secondary"
  >
    <p class="hint">{copy.markAnsweredHint}</p>
  </PanelForm>
)
