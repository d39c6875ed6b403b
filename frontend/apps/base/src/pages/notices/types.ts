// The notices' rows as saas-main answers them.

/** `Notice` of saas-main. */
export interface NoticeRow {
  id: number;
  /** 0 for the platform's notices. */
  saasId: number;
  title: string;
  content: string;
  state: number;
  publishedAt: number | null;
  createDate: number;
  modifyDate: number;
}
