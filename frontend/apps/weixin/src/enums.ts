// The enumerations the weixin pages show, with the values weixin-server answers (labels in the
// messages as `<id>.<value>`): docs/weixin.md.
import type { Enumeration } from '@tradewind/shared';

/** A configuration's `state`: 1 enabled, 2 disabled. */
export const CONFIG_STATE: Enumeration = { id: 'weixin.enum.configState', values: [1, 2] };

/** A follower's subscription: 1 following, 0 unfollowed. */
export const SUBSCRIBED: Enumeration = { id: 'weixin.enum.subscribed', values: [1, 0] };

/** Whether a follower is bound to a staff user: 1 bound, 0 not. */
export const BOUND: Enumeration = { id: 'weixin.enum.bound', values: [1, 0] };

/** A template message's `state`: 0 pending, 1 sent, 3 dead. */
export const MESSAGE_STATE: Enumeration = { id: 'weixin.enum.messageState', values: [0, 1, 3] };

/** Whether a mini-program user has a unionId: 1 with, 0 without. */
export const HAS_UNION_ID: Enumeration = { id: 'weixin.enum.hasUnionId', values: [1, 0] };

/** Every enumeration, for the messages test. */
export const ENUMS: Enumeration[] = [CONFIG_STATE, SUBSCRIBED, BOUND, MESSAGE_STATE, HAS_UNION_ID];
