// The language of the console and the messages of every part (shared, host, remotes).
import { createContext, useContext } from 'react';
import type { Locale } from '@tradewind/shared';

export const LocaleContext = createContext<{ locale: Locale; setLocale: (l: Locale) => void }>({
  locale: 'zh-CN',
  setLocale: () => undefined,
});

export const useLocale = () => useContext(LocaleContext);
