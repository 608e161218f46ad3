// @ts-types="npm:@types/nodemailer@8.0.2"
import nodemailer from 'nodemailer'
import { deliveryLog, openDatabase, waitUntil } from '../http/edge-function.ts'
import { countFunctionCall } from '../http/function-call-limit.ts'
import type { FunctionSettings } from '../http/function-settings.ts'
import { smtpTransportOptions } from './mail-settings.ts'

/**
 * What each Edge Function that sends mail opens once it has its settings: its database (a
 * pool of three) and the mail server, and the parts of its handler's deps they all share.
 */
export const openMailFunction = (settings: FunctionSettings) => {
  const { query, inTransaction } = openDatabase(settings.databaseUrl, 3)
  const transport = nodemailer.createTransport(
    smtpTransportOptions(settings.smtpUrl, settings.mail),
  )
  return {
    transport,
    inTransaction,
    deps: {
      query,
      log: deliveryLog,
      responseDeadlineMs: settings.mail.responseDeadlineMs,
      // Each call counts in its caller's budget (decision 040).
      countCall: (req: Request) => countFunctionCall(req, query),
      waitUntil,
    },
  }
}
