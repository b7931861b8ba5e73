import { describe, expect, it, vi } from 'vitest';
import { wrapTabFocus } from '../../../web/src/lib/focus';

function dialog(): { root: HTMLElement; buttons: HTMLButtonElement[] } {
  const root = document.createElement('div');
  root.innerHTML =
    '<button>one</button><button disabled>off</button><input /><button>last</button>';
  document.body.append(root);
  return { root, buttons: Array.from(root.querySelectorAll('button')) };
}

const key = (k: string, shiftKey = false) => ({ key: k, shiftKey, preventDefault: vi.fn() });

describe('wrapTabFocus', () => {
  it('moves Tab from the last element to the first, and Shift+Tab from the first to the last', () => {
    const { root, buttons } = dialog();
    const [first, , last] = buttons;
    last!.focus();
    const tab = key('Tab');
    wrapTabFocus(tab, root);
    expect(document.activeElement).toBe(first);
    expect(tab.preventDefault).toHaveBeenCalled();
    const back = key('Tab', true);
    wrapTabFocus(back, root);
    expect(document.activeElement).toBe(last);
    root.remove();
  });

  it('leaves Tab inside the dialog and every other key to the browser', () => {
    const { root, buttons } = dialog();
    buttons[0]!.focus();
    const tab = key('Tab');
    wrapTabFocus(tab, root);
    const enter = key('Enter');
    wrapTabFocus(enter, root);
    expect(tab.preventDefault).not.toHaveBeenCalled();
    expect(enter.preventDefault).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(buttons[0]);
    root.remove();
  });

  it('wraps from a focused element Tab cannot reach when nothing reachable follows or precedes it', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<p tabindex="-1" id="top">top</p><button>one</button><button>two</button><p tabindex="-1" id="note">note</p>';
    document.body.append(root);
    const [one, two] = Array.from(root.querySelectorAll('button'));
    root.querySelector<HTMLElement>('#note')!.focus();
    const tab = key('Tab');
    wrapTabFocus(tab, root);
    expect(document.activeElement).toBe(one);
    expect(tab.preventDefault).toHaveBeenCalled();
    root.querySelector<HTMLElement>('#top')!.focus();
    const back = key('Tab', true);
    wrapTabFocus(back, root);
    expect(document.activeElement).toBe(two);
    // From the top note Tab has somewhere to go inside: the browser moves on by itself.
    root.querySelector<HTMLElement>('#top')!.focus();
    const forward = key('Tab');
    wrapTabFocus(forward, root);
    expect(forward.preventDefault).not.toHaveBeenCalled();
    root.remove();
  });
});
