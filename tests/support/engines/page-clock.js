// Served at the top of every page's <head> in the engines layer (./site-server.ts), before the page's own scripts: a
// clock the test moves (window.__clock), and a record of script errors (window.__errors). Plain JavaScript read as
// text, so it reaches the page as written in every engine. START is replaced with the clock's start (ms since the
// epoch) or null for now. setTimeout and Date follow the clock (the site's scripts use no setInterval);
// requestAnimationFrame and CSS transitions keep real time, as they do for a visitor.
(function (w, start) {
  var RealDate = w.Date;
  var realSet = w.setTimeout.bind(w);
  var realClear = w.clearTimeout.bind(w);
  var offset = start === null ? 0 : start - RealDate.now();
  var stoppedAt = null;
  var seq = 1;
  var timers = new Map();
  // One time for a whole task while time flows: a script that reads Date.now() and then sets a timer for a moment
  // (the head script hiding the alert at its end) gets it at that moment, not a millisecond later.
  var taskNow = null;
  function now() {
    if (stoppedAt !== null) return stoppedAt;
    if (taskNow === null) {
      taskNow = RealDate.now() + offset;
      Promise.resolve().then(function () {
        taskNow = null;
      });
    }
    return taskNow;
  }
  function fire(t) {
    if (timers.get(t.id) !== t) return;
    timers.delete(t.id);
    try {
      t.fn.apply(w, t.args);
    } catch (e) {
      realSet(function () {
        throw e;
      });
    }
  }
  w.setTimeout = function (fn, ms) {
    var t = { id: seq++, at: now() + Math.max(0, Number(ms) || 0), fn: fn, args: [].slice.call(arguments, 2) };
    timers.set(t.id, t);
    if (stoppedAt === null) t.real = realSet(fire.bind(null, t), Math.max(0, t.at - now()));
    return t.id;
  };
  w.clearTimeout = function (id) {
    var t = timers.get(id);
    if (t) realClear(t.real);
    timers.delete(id);
  };
  function FakeDate() {
    if (!(this instanceof FakeDate)) return new RealDate(now()).toString();
    if (!arguments.length) return new RealDate(now());
    return new (Function.prototype.bind.apply(RealDate, [null].concat([].slice.call(arguments))))();
  }
  FakeDate.now = now;
  FakeDate.UTC = RealDate.UTC;
  FakeDate.parse = RealDate.parse;
  FakeDate.prototype = RealDate.prototype;
  w.Date = FakeDate;
  w.__clock = {
    pause: function () {
      if (stoppedAt === null) {
        taskNow = null;
        stoppedAt = now();
        timers.forEach(function (t) {
          realClear(t.real);
        });
      }
      return stoppedAt;
    },
    tick: function (ms) {
      if (stoppedAt === null) throw new Error('tick() needs the clock paused');
      var end = stoppedAt + ms;
      var next = null;
      for (var fired = 0; ; fired++) {
        if (fired > 100000) throw new Error('tick(): timers keep firing without time passing: ' + String(next && next.fn).slice(0, 200));
        next = null;
        timers.forEach(function (t) {
          if (t.at <= end && (!next || t.at < next.at)) next = t;
        });
        if (!next) break;
        stoppedAt = Math.max(stoppedAt, next.at);
        fire(next);
      }
      stoppedAt = end;
    },
  };
  var errors = (w.__errors = []);
  w.addEventListener('error', function (e) {
    errors.push(e.message + ' (' + e.filename + ':' + e.lineno + ')');
  });
  w.addEventListener('unhandledrejection', function (e) {
    errors.push('unhandled rejection: ' + e.reason);
  });
  var consoleError = w.console.error;
  w.console.error = function () {
    errors.push([].map.call(arguments, String).join(' '));
    return consoleError.apply(w.console, arguments);
  };
})(window, START);
