import { describe, expect, it } from 'vitest';
import { boundUser } from './boundUser';

describe('boundUser', () => {
  it('names the bound staff user, or gives their id when no name was kept', () => {
    expect(boundUser({ boundUserId: 7, boundUserName: 'ada' })).toBe('ada');
    expect(boundUser({ boundUserId: 7, boundUserName: '' })).toBe('#7');
    expect(boundUser({ boundUserId: 7, boundUserName: null })).toBe('#7');
    expect(boundUser({ boundUserId: null, boundUserName: null })).toBe('');
  });
});
