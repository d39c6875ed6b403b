// The part of the shared package without components: the API client, the session, languages,
// formatting, rules and menus. Shared on its own (`@tradewind/shared/core`) so the login page
// can use it without loading the component library; the package's index re-exports it.
export * from './api';
export * from './session';
export * from './format';
export * from './validate';
export * from './chart';
export * from './menu';
export * from './i18n';
export * from './constants';
export * from './productState';
export * from './orders';
