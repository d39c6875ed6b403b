// The shell: index.html at /, loading each remote's routes from /remotes/<name>/ when needed.
module.exports = require('../webpack.shared.cjs')({
  name: 'host',
  dir: __dirname,
  host: true,
  remotes: ['base', 'hotel', 'ticket', 'weixin', 'mall'],
});
