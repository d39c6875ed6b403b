// The ticket application (`/saas-ticket-app`). Its pages join this tree as ticket-app's APIs are built: a page
// is listed only once the endpoint it shows exists, so the tree is empty for now.
import type { RemoteRoutes } from '@tradewind/shared';

const routes: RemoteRoutes = {
  app: 'saas-ticket-app',
  routes: [],
  messages: { 'zh-CN': {}, en: {} },
};

export default routes;
