// The user's display choices: the language of the console and the theme colour.
import { createContext, useContext } from 'react';
import type { Locale } from '@tradewind/shared/core';
import { DEFAULT_COLOUR } from './colour';

export interface Preferences {
  locale: Locale;
  setLocale: (l: Locale) => void;
  colour: string;
  setColour: (c: string) => void;
}

export { DEFAULT_COLOUR };

export const LocaleContext = createContext<Preferences>({
  locale: 'zh-CN',
  setLocale: () => undefined,
  colour: DEFAULT_COLOUR,
  setColour: () => undefined,
});

export const useLocale = () => useContext(LocaleContext);
