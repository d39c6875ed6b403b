// The beginner guide: tasks, and for each the numbered groups of steps of the spec. A step links
// to the page that does it; a step whose page is not built yet has no link.

export interface GuideStep {
  /** Message id. */
  text: string;
  /** Where it is done, when that page exists. */
  path?: string;
  steps?: GuideStep[];
}

export interface GuideGroup {
  title: string;
  steps: GuideStep[];
}

export interface GuideTask {
  id: string;
  name: string;
  label: string;
  groups: GuideGroup[];
}

export const GUIDE_TASKS: GuideTask[] = [
  {
    id: 'start',
    name: 'guide.start.name',
    label: 'guide.start.label',
    groups: [
      {
        title: 'guide.basic',
        steps: [
          { text: 'guide.basic.priceRules', path: '/saas-app/pricePolicy/priceRule/list' },
          { text: 'guide.basic.currencyRates', path: '/saas-app/pricePolicy/currencyRate/list' },
          {
            text: 'guide.basic.merchants',
            steps: [
              { text: 'guide.basic.suppliers', path: '/saas-app/merchant/supplier/list' },
              { text: 'guide.basic.distributors', path: '/saas-app/merchant/distributor/list' },
            ],
          },
          { text: 'guide.basic.credit', path: '/saas-app/finance/credit/list' },
        ],
      },
      {
        title: 'guide.own',
        steps: [
          { text: 'guide.own.hotel', path: '/hotel/home' },
          { text: 'guide.own.products', path: '/saas-hotel-app/product/list' },
        ],
      },
      {
        title: 'guide.interface',
        steps: [{ text: 'guide.interface.products', path: '/saas-hotel-app/product/list' }],
      },
      {
        title: 'guide.channel',
        steps: [{ text: 'guide.channel.distributors', path: '/saas-app/merchant/distributor/list' }],
      },
    ],
  },
];
