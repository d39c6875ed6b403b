// The SMS and mail rows as message-server answers them, and the lists' kinds.

/** `Dispatch` of message-server: one text or mail of the queue. */
export interface DispatchRow {
  id: number;
  userId: number;
  /** The mobile number (SMS) or e-mail address (mail). */
  address: string;
  /** Empty for SMS. */
  subject: string;
  content: string;
  notifyType: number;
  refId: string;
  parts: number;
  partsSent: number;
  state: number;
  attempts: number;
  nextAttemptAt: number;
  lastError: string;
  createDate: number;
  sendDate: number;
}

export type Channel = 'sms' | 'mail';

/** The whole queue, or only what was sent. */
export type View = 'queue' | 'sent';
