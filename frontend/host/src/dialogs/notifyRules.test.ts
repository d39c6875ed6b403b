import { describe, expect, it } from 'vitest';
import { joinTypes, notifyProblem, parseTypes, type NotifyForm } from './notifyRules';

const form = (f: Partial<NotifyForm>): NotifyForm => ({
  notifyWeb: [],
  notifyWeixin: [],
  notifySms: [],
  notifyMail: [],
  mobile: '',
  email: '',
  state: 1,
  ...f,
});

describe('notification settings', () => {
  it('need a mobile for SMS and an address for mail', () => {
    expect(notifyProblem(form({ notifyWeb: [0] }))).toBeNull();
    expect(notifyProblem(form({ notifySms: [0], mobile: '12345' }))).toBe('mobile');
    expect(notifyProblem(form({ notifySms: [0], mobile: '13812345678' }))).toBeNull();
    expect(notifyProblem(form({ notifyMail: [1], email: 'nope' }))).toBe('email');
    expect(notifyProblem(form({ notifyMail: [1], email: 'ops@example.com' }))).toBeNull();
  });
  it('keep types as comma-joined lists', () => {
    expect(parseTypes('0, 3,10')).toEqual([0, 3, 10]);
    expect(parseTypes('')).toEqual([]);
    expect(joinTypes([10, 0, 3])).toBe('0,3,10');
  });
});
