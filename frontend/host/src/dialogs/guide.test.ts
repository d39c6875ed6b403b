import { describe, expect, it } from 'vitest';
import zh from '../messages/zh-CN';
import en from '../messages/en';
import { GUIDE_TASKS, type GuideStep } from './guide';

const texts = (steps: GuideStep[]): string[] => steps.flatMap((s) => [s.text, ...texts(s.steps ?? [])]);

describe('the beginner guide', () => {
  it('has the four groups of the spec, every text in both languages', () => {
    const task = GUIDE_TASKS[0];
    expect(task.groups.map((g) => g.title)).toEqual(['guide.basic', 'guide.own', 'guide.interface', 'guide.channel']);
    const ids = [task.name, task.label, ...task.groups.flatMap((g) => [g.title, ...texts(g.steps)])];
    expect(ids.filter((id) => !(id in zh) || !(id in en))).toEqual([]);
  });
  it('links its steps to the price rule, currency rate, supplier, distributor, credit limit, hotel and product pages', () => {
    const paths = GUIDE_TASKS[0].groups.flatMap((g) => g.steps.flatMap(function all(s: GuideStep): string[] {
      return [...(s.path ? [s.path] : []), ...(s.steps ?? []).flatMap(all)];
    }));
    expect(new Set(paths)).toEqual(new Set(['/saas-app/pricePolicy/priceRule/list', '/saas-app/pricePolicy/currencyRate/list', '/saas-app/merchant/supplier/list', '/saas-app/merchant/distributor/list', '/saas-app/finance/credit/list', '/hotel/home', '/saas-hotel-app/product/list']));
  });
});
