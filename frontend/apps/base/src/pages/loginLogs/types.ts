// The login log's rows as auth-center answers them.

/** `LoginLogView` of auth-center. */
export interface LoginLogRow {
  id: number;
  userId: number;
  username: string;
  ip: string;
  userAgent: string;
  result: number;
  message: string;
  createDate: number;
}
