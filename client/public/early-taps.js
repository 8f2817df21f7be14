// Keeps a tap made on a drawn screen before the app is live (issue 40, decision 052). The server puts this script in
// the head of every page it draws (server/http/early-taps.ts), inline and allowed by its hash in the CSP: it listens
// before the first control is parsed. Until the app calls glosslyLive it takes every click (links aside: they
// work without the app), keystroke, choice and form submit inside #root: the browser's own action is stopped (a form
// would go out with its fields in the address), the control is ringed to show the press, and the tap is kept with
// the element and its path from #root. Once hydrated, the app calls glosslyLive: each tap is done again, in order,
// on the same element (or the one at its path, should React have drawn it again), as if it came now. A typed value is
// set again and announced with its event: hydration keeps what the page shows but not what the app holds.
// Comment lines are left out of the page; the rest is sent as written.
/* global document, window, Element, Event, MouseEvent, location, setTimeout */
(function recordEarlyTaps(doc, win) {
  var taps = [];
  var live = false;
  var pressed = doc.createElement('style');
  // Until live, the page says so (tests wait for the app on it).
  doc.documentElement.setAttribute('data-before-live', '');
  function pathOf(el) {
    var path = '';
    for (var root = doc.getElementById('root'); el && el !== root; el = el.parentElement) {
      for (var n = 1, sibling = el; (sibling = sibling.previousElementSibling); ) n++;
      path = '>:nth-child(' + n + ')' + path;
    }
    return el && path && '#root' + path;
  }
  function record(event) {
    var el = event.target;
    if (live || !(el instanceof Element) || !pathOf(el)) return;
    if (event.type === 'submit') return event.preventDefault();
    var label = el.closest('label');
    var field = el.closest('input,select,textarea') || (label && label.control);
    if (event.type === 'click') {
      // A link, a text field or a list opens as it would: their values are kept from their input events.
      if (el.closest('a[href]') || (field && !/^(checkbox|radio|submit|button|reset|image)$/.test(field.type))) return;
      // Nor is it React's to answer should it be listening already: the replay does, once.
      event.preventDefault();
      event.stopPropagation();
      el = el.closest('button,input,label,[role],[tabindex]') || el;
      pressed.textContent += pathOf(el) + '{outline:2px solid #1d4ed8;outline-offset:-2px}';
      doc.head.appendChild(pressed);
    } else if (field && field.type !== 'file') {
      el = field;
      // Only a field's last value counts, at the place of its last change.
      taps = taps.filter(function other(tap) {
        return tap[1] !== el || tap[0] === 'click';
      });
    } else return;
    taps.push([event.type, el, pathOf(el), el.value]);
  }
  ['click', 'input', 'change', 'submit'].forEach(function listen(type) {
    doc.addEventListener(type, record, true);
  });
  win.glosslyLive = function replay() {
    if (live) return;
    live = true;
    pressed.remove();
    doc.documentElement.removeAttribute('data-before-live');
    var at = location.pathname;
    (function next() {
      var tap = taps.shift();
      // A tap that took the reader to another page ends the replay: the rest were made on the page left behind.
      if (!tap || location.pathname !== at) return;
      var el = tap[1].isConnected ? tap[1] : doc.querySelector(tap[2]);
      // A press first: a tab answers the press (Radix's tabs), a button the click.
      if (el && tap[0] === 'click') {
        el.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
        el.click();
      } else if (el) {
        // Through the element's own setter first, so React's record of the value differs and it sees the change.
        el.value = tap[3] + 1;
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value').set.call(el, tap[3]);
        el.dispatchEvent(new Event(tap[0], { bubbles: true }));
      }
      setTimeout(next);
    })();
  };
})(document, window);
