// The offline page's one script (offline.html): it tells a device with no connection from
// YardSale being out of reach, and opens the page that was asked for as soon as YardSale answers
// again, without waiting for a click.
(function () {
  var FIRST_CHECK_MS = 2000;
  var LONGEST_WAIT_MS = 30000;
  var title = document.getElementById('offline-title');
  var text = document.getElementById('offline-text');
  var status = document.getElementById('offline-status');
  var delay = FIRST_CHECK_MS;
  var timer;

  function describe() {
    var offline = navigator.onLine === false;
    var heading = offline ? 'You’re offline' : 'We can’t reach YardSale';
    title.textContent = heading;
    document.title = heading + ' · YardSale';
    text.textContent = offline
      ? 'YardSale needs a connection to show sales, listings and messages. Check your Wi-Fi or mobile data.'
      : 'Your connection is working, but YardSale isn’t answering right now. It’s not you.';
    status.textContent = 'This page will open by itself as soon as YardSale answers.';
  }

  function later() {
    describe();
    clearTimeout(timer);
    timer = setTimeout(check, delay);
    delay = Math.min(delay * 2, LONGEST_WAIT_MS);
  }

  function check() {
    fetch('/healthz', { cache: 'no-store' }).then(function (response) {
      if (response.ok) window.location.reload();
      else later();
    }, later);
  }

  window.addEventListener('online', function () {
    describe();
    delay = FIRST_CHECK_MS;
    clearTimeout(timer);
    check();
  });
  window.addEventListener('offline', describe);
  later();
})();
