import type { FollowerRow } from '../../types';

/** The bound staff user: their name, or their id for a binding made before names were kept. */
export function boundUser(r: Pick<FollowerRow, 'boundUserId' | 'boundUserName'>): string {
  if (r.boundUserId === null) return '';
  return r.boundUserName || `#${r.boundUserId}`;
}
