// What weixin-server answers (docs/weixin.md).

/** `mp` official accounts, `ma` mini-programs. */
export type Kind = 'mp' | 'ma';

export interface ConfigRow {
  configId: number;
  name: string;
  appId: string;
  appSecretSet: boolean;
  tokenSet: boolean;
  encodingAesKeySet: boolean;
  state: number;
  templates: Record<string, string>;
  serverUrl: string;
  createDate: number;
  modifyDate: number;
}

export interface FollowerRow {
  configId: number;
  openId: string;
  nickname: string;
  subscribed: boolean;
  subscribeTime: number;
  modifyDate: number;
  boundUserId: number | null;
  /** The bound staff user's name; empty for a binding made before names were kept. */
  boundUserName: string | null;
}

/** A mini-program's user, made by their logins (the session key never leaves weixin-server). */
export interface MaUserRow {
  maUserId: number;
  configId: number;
  openId: string;
  /** Empty when WeChat gave none. */
  unionId: string;
  loginCount: number;
  /** The first login. */
  createDate: number;
  lastLoginDate: number;
}

export interface MessageRow {
  messageId: number;
  configId: number;
  userId: number;
  openId: string;
  notifyType: number;
  templateId: string;
  content: string;
  refId: string;
  state: number;
  attempts: number;
  lastError: string;
  msgId: number;
  createDate: number;
  sendDate: number;
}
