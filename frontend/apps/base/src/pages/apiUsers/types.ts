// The API users' rows as auth-center answers them.

/** `ApiUserView` of auth-center. */
export interface ApiUserRow {
  id: number;
  name: string;
  mscType: number;
  /** 0 for the tenant's own. */
  mchId: number;
  appKey: string;
  state: number;
  remarks: string;
  createDate: number;
  modifyDate: number;
}
