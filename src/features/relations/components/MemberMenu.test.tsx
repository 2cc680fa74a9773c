import { within } from '@testing-library/react';
import { placePopup } from '../../../components/popupPlacement';
import { liamsCardOnExplore } from '../../../test/explore';
import { emulateLayout } from '../../../test/viewport';

const DESKTOP = { width: 1280, height: 900 };
/** The open menu, as the CSS sizes it. */
const MENU = { width: 200, height: 90 };

/** The page laid out with the ⋯ button `at` (its top-left corner), and the menu at its size. */
function layOut(at: { left: number; top: number }, viewport = DESKTOP) {
  return emulateLayout(viewport, (element) => {
    if (element.getAttribute('aria-label') === 'More about Liam Chen') return { ...at, width: 32, height: 32 };
    if (element.classList.contains('member-menu__panel')) return { left: 0, top: 0, ...MENU };
    return undefined;
  });
}

/** The open menu: the panel holding the Mute item. */
async function openMenu(user: { click: (element: Element) => Promise<void> }, button: HTMLElement, card: HTMLElement): Promise<HTMLElement> {
  await user.click(button);
  const mute = await within(card).findByRole('button', { name: 'Mute @liam_chen' });
  return mute.parentElement!;
}

describe("a post's ⋯ menu opens where it is seen whole", () => {
  it('opens below its button where there is room', async () => {
    const { user, card, more } = await liamsCardOnExplore();
    const undo = layOut({ left: 900, top: 300 });
    try {
      const menu = await openMenu(user, more, card);
      expect(menu).toHaveAttribute('data-placement', 'below');
      expect(menu).toHaveAttribute('data-align', 'end');
    } finally {
      undo();
    }
  });

  it('opens above its button near the bottom of the screen', async () => {
    const { user, card, more } = await liamsCardOnExplore();
    const undo = layOut({ left: 900, top: DESKTOP.height - 60 });
    try {
      const menu = await openMenu(user, more, card);
      expect(menu).toHaveAttribute('data-placement', 'above');
      expect(within(menu).getByRole('button', { name: 'Block @liam_chen' })).toBeInTheDocument();
    } finally {
      undo();
    }
  });

  it('keeps to the screen sideways: a button near the start edge aligns the menu with its start', async () => {
    const { user, card, more } = await liamsCardOnExplore();
    const undo = layOut({ left: 20, top: 300 }, { width: 390, height: 844 });
    try {
      const menu = await openMenu(user, more, card);
      expect(menu).toHaveAttribute('data-align', 'start');
    } finally {
      undo();
    }
  });
});

describe('placePopup', () => {
  const viewport = { width: 400, height: 800 };
  const size = { width: 200, height: 100 };
  const at = (left: number, top: number) => ({ left, top, right: left + 32, bottom: top + 32 });

  it('stays below when both sides are short, unless above has more room', () => {
    expect(placePopup(at(300, 700), size, viewport).block).toBe('above');
    expect(placePopup(at(300, 600), size, viewport).block).toBe('below');
    expect(placePopup(at(300, 50), size, { width: 400, height: 150 }).block).toBe('below');
  });

  it("keeps clear of the bars fixed over the window's top and foot", () => {
    // Room below in the window, but under the phone's bottom bar: above.
    expect(placePopup(at(300, 560), size, { ...viewport, coveredBottom: 160 }).block).toBe('above');
    // More room above than below in the window, but most of it under the top bar: below.
    expect(placePopup(at(300, 170), size, { width: 400, height: 300 }).block).toBe('above');
    expect(placePopup(at(300, 170), size, { width: 400, height: 300, coveredTop: 100 }).block).toBe('below');
  });

  it('aligns with the end edge, else the start edge, else moves back in: in either direction', () => {
    expect(placePopup(at(300, 100), size, viewport)).toEqual({ block: 'below', inline: 'end', shift: 0 });
    expect(placePopup(at(20, 100), size, viewport)).toEqual({ block: 'below', inline: 'start', shift: 0 });
    expect(placePopup(at(20, 100), size, viewport, 'rtl')).toEqual({ block: 'below', inline: 'end', shift: 0 });
    expect(placePopup(at(300, 100), size, viewport, 'rtl')).toEqual({ block: 'below', inline: 'start', shift: 0 });
    // Wider than either side allows: moved so that it starts 8 px from the left edge.
    expect(placePopup(at(150, 100), { width: 380, height: 100 }, viewport)).toEqual({ block: 'below', inline: 'end', shift: 8 - (182 - 380) });
  });
});
