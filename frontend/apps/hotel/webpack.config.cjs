// The hotel remote (`saas-hotel-app`): exposes its route tree as `./routes`, served under /remotes/hotel/.
const path = require('path');

module.exports = require('../../webpack.shared.cjs')({
  name: 'hotel',
  dir: __dirname,
  exposes: { './routes': path.join(__dirname, 'src', 'routes.tsx') },
});
