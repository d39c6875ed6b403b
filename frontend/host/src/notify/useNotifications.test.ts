import { describe, expect, it } from 'vitest';
import en from '../messages/en';
import zh from '../messages/zh-CN';
import { parseNotices, severityOf, titleIdOf } from './useNotifications';

describe('order notifications', () => {
  it('are coloured by type', () => {
    expect([0, 10, 3, 13, 14].map(severityOf)).toEqual(['success', 'success', 'success', 'success', 'success']);
    expect([1, 11].map(severityOf)).toEqual(['error', 'error']);
    expect([2, 12].map(severityOf)).toEqual(['warning', 'warning']);
  });
  it('are titled by type, a work order assigned to the user too', () => {
    expect(titleIdOf(0)).toBe('enum.notifyType.0');
    expect(titleIdOf(20)).toBe('notify.title.supportAssigned');
    expect(titleIdOf(99)).toBe('notify.title');
    for (const messages of [en, zh] as Record<string, string>[]) {
      expect(messages['notify.title.supportAssigned']).toBeTruthy();
    }
  });
  it('arrive one at a time or as an array', () => {
    expect(parseNotices('{"notifyType":0,"message":"New order"}')).toHaveLength(1);
    expect(parseNotices('[{"notifyType":0,"message":"a"},{"notifyType":1,"message":"b"}]')).toHaveLength(2);
    expect(parseNotices('success')).toEqual([]);
  });
});
