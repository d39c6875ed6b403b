// The weixin remote (`saas-weixin-app`): exposes its route tree as `./routes`, served under /remotes/weixin/.
const path = require('path');

module.exports = require('../../webpack.shared.cjs')({
  name: 'weixin',
  dir: __dirname,
  exposes: { './routes': path.join(__dirname, 'src', 'routes.tsx') },
});
