// The weixin binding control's rules, apart from React so they can be tested alone. The spec
// fixes the timings (QR valid 30 minutes, binding polled every 10 s) and the calls, but not the
// shape of the QR answer, so what is accepted here is deliberately lenient and documented.

/** A bind QR code is valid this long; within it the one already fetched is shown again. */
export const QR_REUSE_MS = 30 * 60 * 1000;

/** How often the binding is asked for once a QR code is shown. */
export const POLL_MS = 10_000;

/** WeChat's own page that renders a QR ticket as an image (mp "showqrcode"). */
export const TICKET_IMAGE_URL = 'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=';

/**
 * The configuration id the control uses: the first of getConfigIds' answer. Numbers and strings
 * are both accepted (the spec does not say which); anything else, or an empty list, is none.
 */
export function firstConfigId(answer: unknown): string | null {
  if (!Array.isArray(answer)) return null;
  const first: unknown = answer[0];
  if (typeof first === 'number' && Number.isFinite(first)) return String(first);
  if (typeof first === 'string' && first.trim() !== '') return first.trim();
  return null;
}

function imageUrl(s: unknown): string | null {
  if (typeof s !== 'string') return null;
  const v = s.trim();
  // Only what an <img> can show on its own: a data: image, an absolute http(s) URL, or a path
  // on this origin. Anything else (a bare ticket, a message) is not an image.
  if (/^data:image\//i.test(v) || /^https?:\/\//i.test(v) || /^\/[^/]/.test(v)) return v;
  return null;
}

/**
 * The image source of bindQrCode's answer. Accepted: a string that is an image URL or a data:
 * URL; or an object with `url` or `qrCodeUrl` (such a URL), or `ticket` (a WeChat QR ticket,
 * shown through WeChat's showqrcode page). Anything else is a failure.
 */
export function qrImageSrc(answer: unknown): string | null {
  if (typeof answer === 'string') return imageUrl(answer);
  if (answer === null || typeof answer !== 'object') return null;
  const o = answer as Record<string, unknown>;
  const direct = imageUrl(o.url) ?? imageUrl(o.qrCodeUrl);
  if (direct) return direct;
  if (typeof o.ticket === 'string' && o.ticket.trim() !== '') {
    return TICKET_IMAGE_URL + encodeURIComponent(o.ticket.trim());
  }
  return null;
}

/** Whether a QR code fetched at `fetchedAt` may still be shown at `now`. */
export function qrFresh(fetchedAt: number, now: number): boolean {
  return now - fetchedAt < QR_REUSE_MS;
}

export interface WeixinBinding {
  nickname: string;
  openId: string;
}

/** baseInfo's answer when the user is bound (a nickname); otherwise null (unbound). */
export function boundInfo(answer: unknown): WeixinBinding | null {
  if (answer === null || typeof answer !== 'object') return null;
  const o = answer as Record<string, unknown>;
  if (typeof o.nickname !== 'string' || o.nickname.trim() === '') return null;
  return { nickname: o.nickname, openId: typeof o.openId === 'string' ? o.openId : String(o.openId ?? '') };
}

/**
 * Whether a failed baseInfo says the official account is not followed. The service's code is
 * not specified, so its code and message are searched for "follow"/"subscribe"/"关注".
 */
export function notFollowed(failure: { code?: string; message?: string }): boolean {
  return /follow|subscri|关注/i.test(`${failure.code ?? ''} ${failure.message ?? ''}`);
}

/**
 * removeBind answers `state, msg`: a 200 whose state is not success is a refusal too. Returns
 * the refusal's message ('' when it has none), or null when the answer is not a refusal.
 */
export function refusal(answer: unknown): string | null {
  if (answer === null || typeof answer !== 'object') return null;
  const o = answer as Record<string, unknown>;
  if (typeof o.state !== 'string' || o.state === 'success') return null;
  return typeof o.msg === 'string' ? o.msg : '';
}
