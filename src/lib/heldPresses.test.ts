import { screen } from '@testing-library/react';
import { appEntryRuns, holdPressesFromTheHead, takeHeldPresses } from './heldPresses';

/** A page built ahead: a login form in #root, a link outside it. */
function pageBuiltAhead(): { root: HTMLElement; login: HTMLButtonElement; outside: HTMLButtonElement; username: HTMLInputElement } {
  document.body.innerHTML = `
    <button type="button" id="outside">Outside</button>
    <div id="root"><form><input name="username" aria-label="Username" /><button type="submit">Login</button></form></div>`;
  const root = document.getElementById('root') as HTMLElement;
  return {
    root,
    login: root.querySelector('button') as HTMLButtonElement,
    outside: document.getElementById('outside') as HTMLButtonElement,
    username: root.querySelector('input') as HTMLInputElement,
  };
}

/** Whether a click on `button` reached the page (a listener on the document, as the app's are). */
function clickReaches(button: HTMLButtonElement): boolean {
  let reached = false;
  const note = () => {
    reached = true;
  };
  document.addEventListener('click', note);
  button.click();
  document.removeEventListener('click', note);
  return reached;
}

afterEach(() => {
  // A test that did not take the head's hold leaves none behind for the next.
  takeHeldPresses(document.body)();
  document.body.innerHTML = '';
});

describe('presses held from the page\'s head until the app has started', () => {
  it('holds a press on the page from the head, shows the button working, and makes it once the app takes it', () => {
    const { root, login } = pageBuiltAhead();
    holdPressesFromTheHead();
    const submitted = jest.fn((event: Event) => event.preventDefault());
    root.querySelector('form')?.addEventListener('submit', submitted);

    expect(clickReaches(login)).toBe(false);
    expect(login).toHaveAttribute('aria-busy', 'true');
    expect(submitted).not.toHaveBeenCalled();

    const release = takeHeldPresses(root);
    release();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(login).not.toHaveAttribute('aria-busy');
    // Released: presses are the app's again.
    expect(clickReaches(login)).toBe(true);
  });

  it('leaves presses outside the page\'s root alone', () => {
    const { outside } = pageBuiltAhead();
    holdPressesFromTheHead();
    expect(clickReaches(outside)).toBe(true);
    expect(outside).not.toHaveAttribute('aria-busy');
  });

  /** A script of the page that could not load, as the browser tells of it. */
  function scriptFailed(src: string): void {
    const script = document.createElement('script');
    script.src = src;
    document.head.append(script);
    script.dispatchEvent(new Event('error'));
    script.remove();
  }

  /**
   * The page as the head leaves it once no app will come: it says so, the press held is let go with
   * what was typed ('demo_user') kept, and a press is the browser's again (the form goes to the
   * page's address).
   */
  function expectGivenUp({ root, login, username }: { root: HTMLElement; login: HTMLButtonElement; username: HTMLInputElement }): void {
    expect(screen.getByRole('alert')).toHaveTextContent('SocialConnect could not start. Please reload the page.');
    expect(login).not.toHaveAttribute('aria-busy');
    expect(username).toHaveValue('demo_user');
    const sent = jest.fn((event: Event) => event.preventDefault());
    root.querySelector('form')?.addEventListener('submit', sent);
    expect(clickReaches(login)).toBe(true);
    expect(sent).toHaveBeenCalledTimes(1);
  }

  it('lets the press go and says the app could not start when its code does not load, keeping what was typed', () => {
    const { root, login, username } = pageBuiltAhead();
    holdPressesFromTheHead();
    username.value = 'demo_user';
    expect(clickReaches(login)).toBe(false);
    expect(login).toHaveAttribute('aria-busy', 'true');

    // Another site's script failing is not the app's.
    scriptFailed('https://elsewhere.example/static/js/main.js');
    expect(screen.queryByRole('alert')).toBeNull();
    scriptFailed('/static/js/main.0123abcd.js');
    expect(screen.getByRole('alert')).toHaveAttribute('lang', 'en');
    expect(root.querySelector('form')?.firstElementChild).toBe(screen.getByRole('alert'));
    expectGivenUp({ root, login, username });
    // Said once, whatever else fails.
    scriptFailed('/static/js/vendors.0123abcd.js');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says the app could not start when the page has loaded and its entry never ran, with no failed load to hear', () => {
    // The entry came as something that is not the app's script (a proxy's page): it fails to run,
    // and the browser tells of no failed load. The page's load comes once it has been tried.
    const { root, login, username } = pageBuiltAhead();
    holdPressesFromTheHead();
    username.value = 'demo_user';
    expect(clickReaches(login)).toBe(false);

    window.dispatchEvent(new Event('load'));
    expectGivenUp({ root, login, username });
  });

  it('holds on past the page\'s load once the app\'s entry has run, its chunks still coming', () => {
    const { root, login } = pageBuiltAhead();
    holdPressesFromTheHead();
    appEntryRuns();
    window.dispatchEvent(new Event('load'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(clickReaches(login)).toBe(false);
    expect(login).toHaveAttribute('aria-busy', 'true');
    // A chunk that then fails is still the head's to say.
    scriptFailed('/static/js/app.0123abcd.chunk.js');
    expect(screen.getByRole('alert')).toHaveTextContent('SocialConnect could not start. Please reload the page.');
    expect(root.querySelector('[aria-busy]')).toBeNull();
  });

  it('leaves a script that fails once the app has started to the app', () => {
    const { root } = pageBuiltAhead();
    holdPressesFromTheHead();
    takeHeldPresses(root)();
    scriptFailed('/static/js/page-home.0123abcd.chunk.js');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('holds from the app\'s start when the head\'s script did not run', () => {
    const { root, login } = pageBuiltAhead();
    // The app's own handler, as on the page: the form is sent by the app, not by the browser.
    const submitted = jest.fn((event: Event) => event.preventDefault());
    root.querySelector('form')?.addEventListener('submit', submitted);
    const release = takeHeldPresses(root);
    expect(clickReaches(login)).toBe(false);
    expect(login).toHaveAttribute('aria-busy', 'true');
    expect(submitted).not.toHaveBeenCalled();
    release();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(login).not.toHaveAttribute('aria-busy');
  });
});
