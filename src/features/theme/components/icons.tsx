import { strokeIcon } from '../../../components/strokeIcon';

const SIZE = 18;

export const SunIcon = strokeIcon(
  SIZE,
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>,
);

export const MoonIcon = strokeIcon(SIZE, 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z');

export const SystemIcon = strokeIcon(
  SIZE,
  <>
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4" />
  </>,
);

/** Half light, half dark: the bottom navigation's way into the theme. */
export const ContrastIcon = strokeIcon(
  22,
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" />
  </>,
);
