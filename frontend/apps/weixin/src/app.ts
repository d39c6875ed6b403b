// Who this remote is: its application path (the host mounts pages at /<APP>/<route path>) and
// the namespace of its message ids.
export const APP = 'common-weixin-server';
export const NS = 'weixin';
