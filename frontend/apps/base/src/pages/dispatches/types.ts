// The SMS and mail rows as message-server answers them, and the lists' kinds.

import type { MessageServerApi } from '@tradewind/shared';

/** `Dispatch` of message-server: one text or mail of the queue. */
export type DispatchRow = MessageServerApi['schemas']['Dispatch'];

export type Channel = 'sms' | 'mail';

/** The whole queue, or only what was sent. */
export type View = 'queue' | 'sent';
