// The mall application (`/saas-mall-app`). Its pages join this tree as mall-app's APIs are built: a page
// is listed only once the endpoint it shows exists, so the tree is empty for now.
import type { RemoteRoutes } from '@tradewind/shared';

const routes: RemoteRoutes = {
  app: 'saas-mall-app',
  routes: [],
  messages: { 'zh-CN': {}, en: {} },
};

export default routes;
