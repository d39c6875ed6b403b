// The notifications' rows as saas-main answers them.

import type { MessageServerApi } from '@tradewind/shared';

/** `Message` of message-server: a notification in the reader's language. */
export type NotificationRow = MessageServerApi['schemas']['Message'];
