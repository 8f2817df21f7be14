// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The recorder every drawn page carries inline (decision 052), run here as the page runs it: before the screen.
const recorder = readFileSync(path.join(import.meta.dirname, '../../public/early-taps.js'), 'utf8');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A booking step in small: a service to choose (counted, so a tap done twice shows), a ZIP, a form, a link. */
function Step() {
  const [service, setService] = useState<string | null>(null);
  const [taps, setTaps] = useState(0);
  const [zip, setZip] = useState('');
  const [sent, setSent] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSent(true);
      }}
    >
      <button
        type="button"
        aria-pressed={service === 'wash'}
        onClick={() => {
          setService('wash');
          setTaps((count) => count + 1);
        }}
      >
        Basic Exterior Wash
      </button>
      <label>
        Zip
        <input value={zip} onChange={(event) => setZip(event.target.value)} />
      </label>
      <button type="submit">Continue</button>
      <a href="#help">Help</a>
      <output>{`${service ?? 'none'} ${taps} ${zip || 'no zip'} ${sent ? 'sent' : 'not sent'}`}</output>
    </form>
  );
}

let root: Root | null = null;
const container = () => document.getElementById('root')!;
const button = (name: string) => [...container().querySelectorAll('button')].find((each) => each.textContent === name)!;
const zipField = () => container().querySelector('input')!;
const shown = () => container().querySelector('output')!.textContent;

/** Types as the browser does with no script on the page: the value changes, an input event follows. */
function type(field: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="root">${renderToString(<Step />)}</div>`;
  new Function(recorder)();
});

afterEach(async () => {
  // This page's recorder stops listening (it is live), so the next test's is the only one.
  window.glosslyLive?.();
  await act(async () => root?.unmount());
  root = null;
  delete window.glosslyLive;
});

describe('a tap on the drawn screen before the app is live (client/public/early-taps.js)', () => {
  it('is kept and done again once the app has hydrated: the typed ZIP, the choice and the submit, in order', async () => {
    type(zipField(), '94107');
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    button('Basic Exterior Wash').dispatchEvent(tap);
    button('Continue').click();
    // The browser's own action is stopped (a form would go out with its fields in the address) and the press shows.
    expect(tap.defaultPrevented).toBe(true);
    expect(document.documentElement.hasAttribute('data-before-live')).toBe(true);
    expect(document.head.querySelector('style')?.textContent).toMatch(/^#root>:nth-child\(1\)>:nth-child\(1\)\{outline:/);

    await act(async () => {
      root = hydrateRoot(container(), <Step />);
    });
    // Hydrated, the app shows what was typed but holds none of it: the replay is what applies it.
    expect(zipField().value).toBe('94107');
    expect(shown()).toBe('none 0 no zip not sent');

    await act(async () => window.glosslyLive!());
    await waitFor(() => expect(shown()).toBe('wash 1 94107 sent'));
    expect(button('Basic Exterior Wash').getAttribute('aria-pressed')).toBe('true');
    expect(document.head.querySelector('style')).toBeNull();
    expect(document.documentElement.hasAttribute('data-before-live')).toBe(false);
  });

  it('is done once, not twice, when React already listens (hydrated, not yet replayed)', async () => {
    await act(async () => {
      root = hydrateRoot(container(), <Step />);
    });
    await act(async () => button('Basic Exterior Wash').click());
    expect(shown()).toBe('none 0 no zip not sent');
    await act(async () => window.glosslyLive!());
    await waitFor(() => expect(shown()).toBe('wash 1 no zip not sent'));
  });

  it('finds the control again where React drew the screen afresh, by its place under #root', async () => {
    button('Basic Exterior Wash').click();
    type(zipField(), '94105');
    await act(async () => {
      root = createRoot(container());
      root.render(<Step />);
    });
    expect(zipField().value).toBe('');
    await act(async () => window.glosslyLive!());
    await waitFor(() => expect(shown()).toBe('wash 1 94105 not sent'));
    expect(zipField().value).toBe('94105');
  });

  it('leaves links to the browser, and nothing outside #root is taken', () => {
    const toHelp = new MouseEvent('click', { bubbles: true, cancelable: true });
    container().querySelector('a')!.dispatchEvent(toHelp);
    const outside = document.body.appendChild(document.createElement('button'));
    const elsewhere = new MouseEvent('click', { bubbles: true, cancelable: true });
    outside.dispatchEvent(elsewhere);
    expect(toHelp.defaultPrevented).toBe(false);
    expect(elsewhere.defaultPrevented).toBe(false);
  });

  it('lets everything through once live', async () => {
    await act(async () => {
      root = hydrateRoot(container(), <Step />);
    });
    await act(async () => window.glosslyLive!());
    await act(async () => button('Basic Exterior Wash').click());
    expect(shown()).toBe('wash 1 no zip not sent');
  });
});
