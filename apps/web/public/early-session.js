// Runs before the app (a file, not inline, so the Content-Security-Policy needs no inline script: deploy/nginx.conf).
// The session check (the HttpOnly refresh cookie) starts here, while the app's code downloads; the app takes
// this answer as its first refresh (src/shared/session/session-client.ts) instead of asking again once it runs.
(function () {
  var controller = new AbortController();
  var timer = setTimeout(function () {
    controller.abort();
  }, 10000);
  window.__abideEarlyRefresh = fetch('/api/auth/refresh', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json, application/problem+json' },
    signal: controller.signal,
  })
    .then(function (response) {
      if (!response.ok) return { status: response.status };
      return response.json().then(
        function (body) {
          return { status: response.status, body: body };
        },
        function () {
          return { status: response.status };
        },
      );
    })
    .catch(function () {
      return { status: controller.signal.aborted ? 'TIMEOUT_ERROR' : 'FETCH_ERROR' };
    })
    .finally(function () {
      clearTimeout(timer);
    });

  // With a session, the first page's reads start as soon as the token is here, not once the app has loaded,
  // checked the session and rendered: the member's profile, and for My Plan its plan, figures, today's habits
  // and the bell's notifications. The app takes each answer once, for the same request with the same token
  // (src/shared/api/early-answers.ts); a read it never asks for is simply dropped.
  var answers = (window.__abideEarlyAnswers = {});
  window.__abideEarlyRefresh.then(function (refresh) {
    var token = refresh.status === 200 && refresh.body && refresh.body.accessToken;
    if (typeof token !== 'string') return;
    var pad = function (n) {
      return (n < 10 ? '0' : '') + n;
    };
    var now = new Date();
    var today = now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate());
    var paths = ['/api/auth/me'];
    if (location.pathname === '/plan') {
      paths.push('/api/spiritual-plans/current', '/api/stats/overview', '/api/habits?date=' + today, '/api/notifications?limit=10');
    }
    paths.forEach(function (path) {
      answers[path] = {
        token: token,
        at: Date.now(),
        response: fetch(path, {
          credentials: 'include',
          headers: { Authorization: 'Bearer ' + token, Accept: 'application/json, application/problem+json' },
        }),
      };
    });
  });
})();
