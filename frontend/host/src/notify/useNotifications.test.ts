import { describe, expect, it } from 'vitest';
import { parseNotices, severityOf } from './useNotifications';

describe('order notifications', () => {
  it('are coloured by type', () => {
    expect([0, 10, 3, 13, 14].map(severityOf)).toEqual(['success', 'success', 'success', 'success', 'success']);
    expect([1, 11].map(severityOf)).toEqual(['error', 'error']);
    expect([2, 12].map(severityOf)).toEqual(['warning', 'warning']);
  });
  it('arrive one at a time or as an array', () => {
    expect(parseNotices('{"notifyType":0,"message":"New order"}')).toHaveLength(1);
    expect(parseNotices('[{"notifyType":0,"message":"a"},{"notifyType":1,"message":"b"}]')).toHaveLength(2);
    expect(parseNotices('success')).toEqual([]);
  });
});
