// The theme colour: #409EFF unless the user chose another, remembered in a cookie.
export const DEFAULT_COLOUR = '#409EFF';
export const COLOUR_COOKIE = 'themeColour';

/** The cookie's colour when it is one (#rrggbb), else null. */
export function savedColour(cookie: string | null): string | null {
  return cookie && /^#[0-9a-fA-F]{6}$/.test(cookie) ? cookie : null;
}
