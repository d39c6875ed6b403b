// The notifications' rows as saas-main answers them.

/** `Message` of message-server: a notification in the reader's language. */
export interface NotificationRow {
  id: number;
  notifyType: number;
  message: string;
  refId: string;
  /** A console path (`/saas-hotel-app/order/supplier/list?orderId=42`), or empty. */
  actionUrl: string;
  createDate: number;
  /** 0 while unread. */
  readDate: number;
  read: boolean;
}
