// For a test about a host name that does not exist: names under `.invalid` (RFC 6761, never a real
// host) are answered ENOTFOUND here, as the resolver answers them, without asking a DNS server off
// this machine. Every other name is looked up as usual. Use: node -r server/testing/unknownHosts.cjs
'use strict';

const dns = require('node:dns');

const lookup = dns.lookup;
dns.lookup = function lookupKnownHosts(hostname, options, callback) {
  if (typeof hostname === 'string' && /\.invalid\.?$/i.test(hostname)) {
    const done = typeof options === 'function' ? options : callback;
    const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', errno: -3008, syscall: 'getaddrinfo', hostname });
    process.nextTick(done, error);
    return {};
  }
  return lookup.apply(this, arguments);
};
