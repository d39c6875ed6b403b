// The ticket remote (`saas-ticket-app`): exposes its route tree as `./routes`, served under /remotes/ticket/.
const path = require('path');

module.exports = require('../../webpack.shared.cjs')({
  name: 'ticket',
  dir: __dirname,
  exposes: { './routes': path.join(__dirname, 'src', 'routes.tsx') },
});
