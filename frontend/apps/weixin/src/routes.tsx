// The weixin application (`/common-weixin-server`). Its pages join this tree as weixin-server's APIs are built: a page
// is listed only once the endpoint it shows exists, so the tree is empty for now.
import type { RemoteRoutes } from '@tradewind/shared';

const routes: RemoteRoutes = {
  app: 'common-weixin-server',
  routes: [],
  messages: { 'zh-CN': {}, en: {} },
};

export default routes;
