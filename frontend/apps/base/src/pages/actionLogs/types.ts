// The action log's rows as auth-center answers them.

/** `ActionLogView` of auth-center. */
export interface ActionLogRow {
  id: number;
  userId: number;
  username: string;
  action: string;
  target: string;
  ip: string;
  createDate: number;
}
