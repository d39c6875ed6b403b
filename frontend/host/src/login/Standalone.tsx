// The login page on its own, before the shell is loaded: its language and the theme colour
// from the cookies, the shell's strings. Signing in hands over to the shell.
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { initialLocale, readCookie, rememberLocale, type Locale } from '@tradewind/shared/core';
import zhCN from '../messages/zh-CN';
import en from '../messages/en';
import { COLOUR_COOKIE, DEFAULT_COLOUR, savedColour } from '../colour';
import { LoginPage } from './LoginPage';

export function Standalone({ onLoggedIn, onTyping }: { onLoggedIn: () => Promise<void>; onTyping: () => void }) {
  const [locale, setLocale] = useState<Locale>(() => {
    const l = initialLocale();
    rememberLocale(l);
    return l;
  });
  const colour = savedColour(readCookie(COLOUR_COOKIE)) ?? DEFAULT_COLOUR;
  return (
    <IntlProvider locale={locale} messages={locale === 'en' ? en : zhCN} defaultLocale="zh-CN">
      <LoginPage
        locale={locale}
        onLocale={(l) => {
          rememberLocale(l);
          setLocale(l);
        }}
        colour={colour}
        onLoggedIn={onLoggedIn}
        onTyping={onTyping}
      />
    </IntlProvider>
  );
}
