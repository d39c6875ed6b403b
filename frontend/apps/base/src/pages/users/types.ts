// The users' rows as auth-center answers them.

/** `UserView` of auth-center. */
export interface UserRow {
  id: number;
  username: string;
  realName: string;
  nickName?: string;
  mchId?: number;
  mobile: string;
  email: string;
  isManager?: boolean;
  mscType: number;
  roleType?: number;
  userGrade?: number;
  userState: number;
  ipFilterType?: number;
  ipFilterValue?: string;
  remarks?: string;
  groupIds?: number[];
  lastLoginDate: number | null;
  loginCount: number;
  lockedUntil: number | null;
  createDate: number;
}
