// The weixin application's pages (`common-weixin-server`), as the host mounts them at
// /common-weixin-server/<path>: the spec's mp/user/list, mp/config/list, ma/user/list and
// ma/config/list, and the template message list of an official account, each with the
// permission code of its main endpoint.
import { PERM, type AppRoute, type RemoteRoutes } from '@tradewind/shared';
import { APP } from './app';
import en from './messages/en';
import zhCN from './messages/zh-CN';

export const routes: AppRoute[] = [
  {
    path: 'mp',
    meta: { title: 'weixin.menu.mp', icon: 'chat', order: 1 },
    children: [
      {
        path: 'config/list',
        meta: { title: 'weixin.menu.mpConfig', order: 1, perm: PERM.mpConfig.list },
        page: () => import('./pages/configs/MpConfigList'),
      },
      {
        path: 'user/list',
        meta: { title: 'weixin.menu.mpUser', order: 2, perm: PERM.mpUser.list },
        page: () => import('./pages/followers/FollowerList'),
      },
      {
        path: 'message/list',
        meta: { title: 'weixin.menu.mpMessage', order: 3, perm: PERM.mpMessage.list },
        page: () => import('./pages/messages/MessageList'),
      },
    ],
  },
  {
    path: 'ma',
    meta: { title: 'weixin.menu.ma', icon: 'apps', order: 2 },
    children: [
      {
        path: 'config/list',
        meta: { title: 'weixin.menu.maConfig', order: 1, perm: PERM.maConfig.list },
        page: () => import('./pages/configs/MaConfigList'),
      },
      {
        path: 'user/list',
        meta: { title: 'weixin.menu.maUser', order: 2, perm: PERM.maUser.list },
        page: () => import('./pages/maUsers/MaUserList'),
      },
    ],
  },
];

const remote: RemoteRoutes = { app: APP, routes, messages: { 'zh-CN': zhCN, en } };
export default remote;
