// The mobile menu of the prerendered public pages (landing, FAQ, privacy), which ship no
// React (docs/decisions/0012): the same behaviour as src/app/layouts/public-layout.tsx —
// the button opens and closes the menu, Escape or following a link closes it; the theme
// chosen in the app; and "Go to dashboard" for a visitor who is signed in.
(function () {
  // The installable app's service worker (as src/main.tsx; these pages exist only in the
  // server build, never with the mock API's worker).
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('/sw.js').catch(function () {});
    });
  }
  // The light/dark choice made in the app (src/lib/theme.ts); without one, CSS follows the
  // phone's setting.
  try {
    var theme = localStorage.getItem('theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.classList.add(theme);
  } catch {
    // no storage: follow the phone
  }
  // Spec §7: "a current-user load runs if a token exists". A visitor whose saved session the
  // server still accepts gets "Go to dashboard" instead of "Log in" (as public-layout.tsx;
  // the key is SESSION_KEYS.token of src/lib/session.ts).
  var token = null;
  try {
    token = localStorage.getItem('JWTtoken');
  } catch {
    // no storage: no session
  }
  var sessionLink = document.querySelector('[data-session-link]');
  if (token && sessionLink && window.fetch) {
    fetch('/api/user', { headers: { authorization: 'Bearer ' + token } })
      .then(function (res) {
        if (!res.ok) return;
        sessionLink.textContent = 'Go to dashboard';
        sessionLink.setAttribute('href', '/user/dashboard');
        var signup = document.querySelector('[data-signup-item]');
        if (signup) signup.hidden = true;
      })
      .catch(function () {
        // offline or refused: keep "Log in"
      });
  }
  var button = document.querySelector('[data-menu-toggle]');
  var menu = button && document.getElementById(button.getAttribute('aria-controls'));
  if (!menu) return;
  function set(open) {
    button.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('hidden', !open);
    menu.classList.toggle('block', open);
  }
  button.addEventListener('click', function () {
    set(button.getAttribute('aria-expanded') !== 'true');
  });
  button.parentElement.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') set(false);
  });
  menu.addEventListener('click', function (event) {
    if (event.target.closest('a')) set(false);
  });
})();
