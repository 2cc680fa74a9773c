import { strokeIcon } from '../../../components/strokeIcon';

// The post UI's icons.
const SIZE = 20;

export const HeartIcon = strokeIcon(
  SIZE,
  <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />,
);

export const CommentIcon = strokeIcon(
  SIZE,
  <path d="M21 11.5a8.4 8.4 0 0 1-9 8.4 8.9 8.9 0 0 1-3.8-.8L3 21l1.9-5.2A8.4 8.4 0 0 1 12 3a8.5 8.5 0 0 1 9 8.5z" />,
);

export const EditIcon = strokeIcon(
  SIZE,
  <>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </>,
);

export const TrashIcon = strokeIcon(
  SIZE,
  <>
    <path d="M3 6h18" />
    <path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
    <path d="M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />
  </>,
);

export const ImageIcon = strokeIcon(
  SIZE,
  <>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="8.5" cy="8.5" r="1.5" />
    <path d="M21 15l-5-5L5 21" />
  </>,
);

export const SortIcon = strokeIcon(
  SIZE,
  <>
    <path d="M3 6h18" />
    <path d="M6 12h12" />
    <path d="M10 18h4" />
  </>,
);

export const CloseIcon = strokeIcon(
  SIZE,
  <>
    <path d="M18 6L6 18" />
    <path d="M6 6l12 12" />
  </>,
);
