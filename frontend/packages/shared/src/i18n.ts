// The console's languages: zh-CN by default, otherwise the browser's when it is English; the
// choice is remembered in a cookie.

export type Locale = 'zh-CN' | 'en';
export const LOCALES: Locale[] = ['zh-CN', 'en'];
const COOKIE = 'language';

export function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

export function writeCookie(name: string, value: string, days = 365) {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

/** The remembered language, else zh-CN unless the browser asks for English. */
export function initialLocale(browser: string = navigator.language): Locale {
  const saved = readCookie(COOKIE);
  if (saved === 'zh-CN' || saved === 'en') return saved;
  return browser.toLowerCase().startsWith('en') ? 'en' : 'zh-CN';
}

export function rememberLocale(l: Locale) {
  writeCookie(COOKIE, l);
  document.documentElement.lang = l;
}
