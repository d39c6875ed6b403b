// The mall remote (`saas-mall-app`): exposes its route tree as `./routes`, served under /remotes/mall/.
const path = require('path');

module.exports = require('../../webpack.shared.cjs')({
  name: 'mall',
  dir: __dirname,
  exposes: { './routes': path.join(__dirname, 'src', 'routes.tsx') },
});
