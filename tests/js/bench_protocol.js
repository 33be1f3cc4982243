// The line protocol of the node anchor rows (bench/node_anchor.h): print
// "ready"; then for each iteration count read from stdin, call op() that
// many times and answer "ok"; exit at EOF. zkprim times the round trips.
'use strict';
module.exports = function serve(op) {
  let buf = '';
  process.stdin.on('data', (d) => {
    buf += d;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const iters = Number(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
      for (let i = 0; i < iters; i++) op(i);
      process.stdout.write('ok\n');
    }
  });
  process.stdin.on('end', () => process.exit(0));
  process.stdout.write('ready\n');
};
