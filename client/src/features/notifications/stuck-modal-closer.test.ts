// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStuckModalCloser, stuckAfterMs } from './stuck-modal-closer.ts';

function dialog(text: string, role = 'dialog') {
  const element = document.createElement('div');
  element.setAttribute('role', role);
  element.innerHTML = `<p>${text}</p><button type="button" aria-label="Close">x</button>`;
  let clicks = 0;
  element.querySelector('button')!.addEventListener('click', () => {
    clicks += 1;
    element.remove();
  });
  document.body.append(element);
  return { element, clicks: () => clicks };
}

describe('stuck-modal closer', () => {
  let now = 0;
  let lastInput = 0;
  let answered = false;
  const closer = () =>
    createStuckModalCloser({ root: document, now: () => now, lastInputAt: () => lastInput, isPromptAnswered: () => answered });

  beforeEach(() => {
    now = 1_000_000;
    lastInput = 0;
    answered = false;
    localStorage.clear();
    document.body.innerHTML = '';
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('never closes the permission prompt before it was answered, however long it stays open', () => {
    const prompt = dialog('Turn on notifications');
    const c = closer();
    c.tick();
    now += 10 * stuckAfterMs;
    expect(c.tick()).toBe(0);
    expect(prompt.clicks()).toBe(0);
    expect(localStorage.getItem('notificationPermissionAsked')).toBeNull();
  });

  it('closes a notification/permission/alert dialog stuck open after the prompt was answered, and sets the flags', () => {
    answered = true;
    const stuck = dialog('Allow notification permission?', 'alertdialog');
    const other = dialog('Choose a time slot');
    const c = closer();
    expect(c.tick()).toBe(0); // just appeared: the user has not seen it yet
    now += stuckAfterMs - 1;
    expect(c.tick()).toBe(0);
    now += 1;
    expect(c.tick()).toBe(1);
    expect(stuck.clicks()).toBe(1);
    expect(other.clicks()).toBe(0);
    expect(localStorage.getItem('notificationPermissionAsked')).toBe('true');
    expect(localStorage.getItem('notificationPreferencesSet')).toBe('true');
  });

  it('leaves a matching dialog alone while the user is using the page', () => {
    answered = true;
    const busy = dialog('Weather alert for your booking');
    const c = closer();
    c.tick();
    now += 2 * stuckAfterMs;
    lastInput = now - 1000;
    expect(c.tick()).toBe(0);
    expect(busy.clicks()).toBe(0);
  });
});
