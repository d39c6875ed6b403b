// Who this remote is: its application path (the host mounts pages at /<APP>/<route path>) and
// the namespace of its message ids.
export const APP = 'saas-ticket-app';
export const NS = 'ticket';

/** The absolute console path of one of this application's pages. */
export function appPath(path: string): string {
  return `/${APP}/${path.replace(/^\//, '')}`;
}
