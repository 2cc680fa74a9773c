import { strokeIcon } from '../../components/strokeIcon';

// The shell's icons.
const SIZE = 22;

export const HomeIcon = strokeIcon(SIZE, ['M3 10.5 12 3l9 7.5', 'M5 9.5V21h5v-6h4v6h5V9.5']);

export const ExploreIcon = strokeIcon(
  SIZE,
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </>,
);

export const BookmarkIcon = strokeIcon(SIZE, 'M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z');

export const ProfileIcon = strokeIcon(
  SIZE,
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);

export const BellIcon = strokeIcon(SIZE, ['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0']);

export const LogoutIcon = strokeIcon(SIZE, ['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5', 'M21 12H9'], { pointing: true });

export const PlusIcon = strokeIcon(SIZE, 'M12 5v14M5 12h14');

/** The brand mark: two overlapping speech bubbles. */
export function BrandMark() {
  return (
    <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <path d="M9 11.5a3.5 3.5 0 0 1 3.5-3.5h7A3.5 3.5 0 0 1 23 11.5v4a3.5 3.5 0 0 1-3.5 3.5H15l-4 3.5V19a3.5 3.5 0 0 1-2-3.2z" fill="#fff" className="brand-mark__bubbles" />
    </svg>
  );
}

/** A laptop and a phone: the member's devices. */
export const DevicesIcon = strokeIcon(SIZE, ['M3 6a1 1 0 0 1 1-1h11a1 1 0 0 1 1 1v8H3z', 'M1.5 17h13', 'M17 9h4a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1z']);

/** A clock: the member's posts waiting to be published. */
export const ClockIcon = strokeIcon(SIZE, <><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></>);

/** A flag: the moderators' queue. */
export const FlagIcon = strokeIcon(SIZE, ['M5 21V4', 'M5 4h11l-2 4 2 4H5']);
export const ShieldIcon = strokeIcon(SIZE, ['M12 3 4 6v6c0 5 3.4 8.3 8 9 4.6-.7 8-4 8-9V6z', 'm9 12 2 2 4-4']);
