// The shared messages: every id in both languages, none empty, and a label for every value of
// every shared enumeration.
import { describe, expect, it } from 'vitest';
import { labelId } from './components/enum';
import { SHARED_ENUMS } from './enums';
import en from './messages/en';
import zh from './messages/zh-CN';

describe('the shared messages', () => {
  it('have the same ids in both languages, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    expect([...Object.entries(zh), ...Object.entries(en)].filter(([, v]) => !v.trim())).toEqual([]);
  });
  it('label every value of every shared enumeration', () => {
    const ids = SHARED_ENUMS.flatMap((e) => e.values.map((v) => labelId(e, v)));
    expect(ids.filter((id) => !(id in zh) || !(id in en))).toEqual([]);
  });
});
