// The shell's input rules, as plain functions (forms and tests use the same ones).

/** A positive amount without a leading zero and at most two decimals, or zero, or 0.x / 0.xx. */
export function isAmount(s: string): boolean {
  return /^(([1-9]\d*)(\.\d{1,2})?|0|0\.\d{1,2}|\d\.\d{1,2})$/.test(s.trim());
}

/** A mainland mobile number: 1, then 3, 4, 5, 7 or 8, then 9 digits. */
export function isMobile(s: string): boolean {
  return /^1[34578]\d{9}$/.test(s.trim());
}

/** A mobile number, or a landline with an optional 3- or 4-digit area code and hyphen. */
export function isPhone(s: string): boolean {
  const v = s.trim();
  return isMobile(v) || /^(\d{3,4}-)?\d{7,8}$/.test(v);
}

/** An e-mail address whose top-level domain is 2 to 63 letters (the services' rule). */
export function isEmail(s: string): boolean {
  return /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$/.test(s.trim());
}

/** A time of day as HH:MM, 00:00 to 23:59 (hotels' check-in, scenic spots' opening hours). */
export function isClock(s: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(s.trim());
}

/** An image address: an absolute http(s) URL with a host and no blanks (the services' rule). */
export function isImageUrl(s: string): boolean {
  return s.length <= 512 && /^https?:\/\/[^\s/?#:][^\s]*$/.test(s);
}

/** The image addresses typed one a line, trimmed, blank lines left out. */
export function imageList(s: string): string[] {
  return s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The login form: the username trimmed, the password at least 6 characters. */
export function loginProblem(username: string, password: string): 'username' | 'password' | null {
  if (!username.trim()) return 'username';
  if (password.length < 6) return 'password';
  return null;
}

/** The change-password form: which rule fails first, if any. */
export function passwordChangeProblem(f: {
  oldPassword: string;
  newPassword: string;
  repeatNewPassword: string;
}): 'oldRequired' | 'newRequired' | 'repeatRequired' | 'notEqual' | null {
  if (!f.oldPassword) return 'oldRequired';
  if (!f.newPassword) return 'newRequired';
  if (!f.repeatNewPassword) return 'repeatRequired';
  if (f.repeatNewPassword !== f.newPassword) return 'notEqual';
  return null;
}
