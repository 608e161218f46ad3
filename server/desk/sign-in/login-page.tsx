/** @jsxImportSource hono/jsx */
import { signInCopy } from './sign-in-copy.ts'
import { deskPaths } from '../desk-paths.ts'
import { DeskDocument, Notice } from '../layout/desk-document.tsx'
import type { NoticeMessage } from '../layout/notices.ts'

export interface LoginPageProps {
  /** The double-submit token, also in the sign-in cookie. */
  nonce: string
  message?: NoticeMessage
}

export const LoginPage = ({ nonce, message }: LoginPageProps) => (
  <DeskDocument title={signInCopy.documentTitle}>
    <section class="panel login" aria-labelledby="titulo">
      <h1 id="titulo">{signInCopy.title}</h1>
      <p>{signInCopy.intro}</p>
      {message && <Notice tone={message.tone} text={message.text} />}
      <form method="post" action={deskPaths.login} class="stack">
        <input type="hidden" name="_csrf" value={nonce} />
        <label for="senha">{signInCopy.password}</label>
        <input
          id="senha"
          name="senha"
          type="password"
          autocomplete="current-password"
          required
          autofocus
        />
        <div class="actions">
          <button type="submit">{signInCopy.submit}</button>
        </div>
      </form>
    </section>
  </DeskDocument>
)
