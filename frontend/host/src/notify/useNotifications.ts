// The order notifications socket: opened with the session token, a keep-alive every 54 s
// (restarted by the server's `success`), closed on logout and page unload; one notification or
// an array (shown one at a time, 2 s apart), each a toast that stays until closed, with a sound.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { labelId, NOTIFY_TYPE, type Severity } from '@tradewind/shared';
import { toast } from '../notifier';

export const KEEP_ALIVE_MS = 54_000;
export const QUEUE_GAP_MS = 2_000;

export interface OrderNotice {
  notifyType: number;
  message: string;
  refId?: string;
  actionUrl?: string;
  createDate?: number;
}

/** The toast colour of a notification type: new and succeeded green, cancelled red, modified amber. */
/** A support ticket assigned to the user (saas-main's support.assigned; not a notice type users
 * choose in their settings, so outside NOTIFY_TYPE). */
export const SUPPORT_ASSIGNED = 20;

/** The message id of a notice's title: its type's label, or a generic one. */
export function titleIdOf(notifyType: number): string {
  if (notifyType === SUPPORT_ASSIGNED) return 'notify.title.supportAssigned';
  return NOTIFY_TYPE.values.includes(notifyType) ? labelId(NOTIFY_TYPE, notifyType) : 'notify.title';
}

export function severityOf(notifyType: number): Severity {
  if ([1, 11].includes(notifyType)) return 'error';
  if ([2, 12].includes(notifyType)) return 'warning';
  return 'success';
}

/** One notification or an array of them, as the socket sends them. */
export function parseNotices(text: string): OrderNotice[] {
  try {
    const v = JSON.parse(text) as OrderNotice | OrderNotice[];
    return (Array.isArray(v) ? v : [v]).filter((n) => typeof n?.notifyType === 'number');
  } catch {
    return [];
  }
}

function chime() {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.4);
  } catch {
    // No sound without an audio device or before the user touched the page.
  }
}

export function useNotifications(token: string | null, locale: string) {
  const intl = useIntl();
  useEffect(() => {
    if (!token) return;
    if (typeof WebSocket === 'undefined') {
      window.alert(intl.formatMessage({ id: 'notify.unsupported' }));
      return;
    }
    let closed = false;
    let socket: WebSocket | null = null;
    let keepAlive: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const queue: OrderNotice[] = [];
    let showing: ReturnType<typeof setTimeout> | undefined;

    const showNext = () => {
      const n = queue.shift();
      if (!n) {
        showing = undefined;
        return;
      }
      toast({
        severity: severityOf(n.notifyType),
        title: intl.formatMessage({ id: titleIdOf(n.notifyType) }),
        message: n.message,
        durationMs: 0,
        testId: 'order-notification',
      });
      chime();
      showing = setTimeout(showNext, QUEUE_GAP_MS);
    };

    const ping = () => {
      clearTimeout(keepAlive);
      keepAlive = setTimeout(() => {
        if (socket?.readyState === WebSocket.OPEN) socket.send('ping');
        ping();
      }, KEEP_ALIVE_MS);
    };

    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const url = `${scheme}://${window.location.host}/api/message-server/websocket?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(locale)}`;
      socket = new WebSocket(url);
      socket.onopen = () => {
        console.info('notifications: socket open');
        ping();
      };
      socket.onmessage = (e) => {
        const text = String(e.data);
        if (text === 'success') {
          ping();
          return;
        }
        queue.push(...parseNotices(text));
        if (!showing) showNext();
      };
      socket.onerror = (e) => console.warn('notifications: socket error', e);
      socket.onclose = () => {
        console.info('notifications: socket closed');
        clearTimeout(keepAlive);
        // Reopened while the session lasts (a server restart, a network blip).
        if (!closed) retry = setTimeout(open, 5_000);
      };
    };

    const close = () => {
      closed = true;
      clearTimeout(keepAlive);
      clearTimeout(retry);
      clearTimeout(showing);
      socket?.close();
    };
    open();
    window.addEventListener('beforeunload', close);
    return () => {
      window.removeEventListener('beforeunload', close);
      close();
    };
  }, [token, locale, intl]);
}
