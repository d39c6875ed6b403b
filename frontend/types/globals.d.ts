// Filled in by webpack's DefinePlugin (webpack.shared.cjs).
declare const __BUILD__: { app: string; version: string; time: string; git: string };

// Remote modules the host loads at run time (Module Federation).
declare module 'base/routes' {
  const routes: import('@tradewind/shared').RemoteRoutes;
  export default routes;
}
declare module 'hotel/routes' {
  const routes: import('@tradewind/shared').RemoteRoutes;
  export default routes;
}
declare module 'ticket/routes' {
  const routes: import('@tradewind/shared').RemoteRoutes;
  export default routes;
}
declare module 'weixin/routes' {
  const routes: import('@tradewind/shared').RemoteRoutes;
  export default routes;
}
declare module 'mall/routes' {
  const routes: import('@tradewind/shared').RemoteRoutes;
  export default routes;
}
declare module '*.mp3' {
  const url: string;
  export default url;
}
