// The notification settings' rules: an SMS type needs a valid mobile, a mail type a valid
// e-mail address.
import { isEmail, isMobile } from '@tradewind/shared';

export type NotifyForm = {
  notifyWeb: number[];
  notifyWeixin: number[];
  notifySms: number[];
  notifyMail: number[];
  mobile: string;
  email: string;
  state: number;
};

export type NotifyProblem = 'mobile' | 'email' | null;

export function notifyProblem(f: NotifyForm): NotifyProblem {
  if (f.notifySms.length > 0 && !isMobile(f.mobile)) return 'mobile';
  if (f.notifyMail.length > 0 && !isEmail(f.email)) return 'email';
  return null;
}

/** `"0,3,10"` -> [0, 3, 10]. */
export function parseTypes(s: string | null | undefined): number[] {
  return (s ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map(Number)
    .filter((n) => Number.isInteger(n));
}

export const joinTypes = (types: number[]) => [...types].sort((a, b) => a - b).join(',');
