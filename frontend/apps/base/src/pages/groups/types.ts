// The permission groups' rows as auth-center answers them.

/** `GroupView` of auth-center. */
export interface GroupRow {
  id: number;
  name: string;
  remarks: string;
  /** Codes and subtrees (`/saas/order/**`) the group grants. */
  permCodes: string[];
  userCount: number;
  createDate: number;
  modifyDate: number;
}
