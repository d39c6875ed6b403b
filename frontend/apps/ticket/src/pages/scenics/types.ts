// ticket-app's scenic spots as it answers them.

/** `Scenic` of ticket-app: GET /saas/ticket/scenicInfos/list and load. */
export interface ScenicRow {
  scenicId: number;
  scenicName: string;
  scenicNameEn: string;
  /** `typeScenicStar`. */
  star: number;
  address: string;
  phone: string;
  description: string;
  /** `stateScenic`. */
  state: number;
  createDate: number;
  modifyDate: number;
}
