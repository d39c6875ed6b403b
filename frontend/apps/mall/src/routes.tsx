// The mall application's pages (`saas-mall-app`), as the host mounts them at
// /saas-mall-app/<path> (the spec's four: product/ProductManagementList, product/ThemeManange,
// product/online-snapup, product/snapup-place-order), with the permission code of each page's
// main endpoint, and its messages.
import { PERM, type AppRoute, type RemoteRoutes } from '@tradewind/shared';
import { APP } from './app';
import en from './messages/en';
import zhCN from './messages/zh-CN';

export const routes: AppRoute[] = [
  {
    path: 'product',
    meta: { title: 'mall.menu.products', icon: 'storefront', order: 1 },
    children: [
      {
        path: 'ProductManagementList',
        meta: { title: 'mall.menu.productList', order: 1, perm: PERM.mallProduct.list },
        page: () => import('./pages/products/ProductManagementList'),
      },
      {
        path: 'ThemeManange',
        meta: { title: 'mall.menu.themes', order: 2, perm: PERM.mallTheme.list },
        page: () => import('./pages/themes/ThemeManange'),
      },
      {
        path: 'online-snapup',
        meta: { title: 'mall.menu.sessions', order: 3, perm: PERM.snapup.list },
        page: () => import('./pages/snapups/OnlineSnapup'),
      },
      {
        path: 'snapup-place-order',
        meta: { title: 'mall.menu.buy', order: 4, perm: PERM.snapup.live },
        page: () => import('./pages/snapups/SnapupPlaceOrder'),
      },
    ],
  },
];

const remote: RemoteRoutes = { app: APP, routes, messages: { 'zh-CN': zhCN, en } };
export default remote;
