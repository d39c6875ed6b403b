// The base remote (`saas-app`): exposes its route tree as `./routes`, served under /remotes/base/.
const path = require('path');

module.exports = require('../../webpack.shared.cjs')({
  name: 'base',
  dir: __dirname,
  exposes: { './routes': path.join(__dirname, 'src', 'routes.tsx') },
});
