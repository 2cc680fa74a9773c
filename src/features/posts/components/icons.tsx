import { strokeIcon } from '../../../components/strokeIcon';

// The post UI's icons.
const SIZE = 20;

export const HeartIcon = strokeIcon(SIZE, 'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z');

export const CommentIcon = strokeIcon(SIZE, 'M21 11.5a8.4 8.4 0 0 1-9 8.4 8.9 8.9 0 0 1-3.8-.8L3 21l1.9-5.2A8.4 8.4 0 0 1 12 3a8.5 8.5 0 0 1 9 8.5z');

export const EditIcon = strokeIcon(SIZE, ['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z']);

export const TrashIcon = strokeIcon(
  SIZE,
  ['M3 6h18', 'M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2', 'M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6'],
);

export const ImageIcon = strokeIcon(
  SIZE,
  <>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="8.5" cy="8.5" r="1.5" />
    <path d="M21 15l-5-5L5 21" />
  </>,
);

/** A warning sign: a post's content warning. */
export const WarningIcon = strokeIcon(SIZE, ['M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z', 'M12 9v4', 'M12 17h.01']);

/** A pushpin: a post pinned to its author's profile. */
export const PinIcon = strokeIcon(SIZE, ['M12 17v5', 'M9 3h6l-1 5 3 4v2H7v-2l3-4z']);

export const SortIcon = strokeIcon(SIZE, ['M3 6h18', 'M6 12h12', 'M10 18h4']);

export const CloseIcon = strokeIcon(SIZE, ['M18 6L6 18', 'M6 6l12 12']);

/** A clock: a post scheduled to publish later. */
export const ClockIcon = strokeIcon(SIZE, <><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></>);

/** Two arrows going round: a post reposted. */
export const RepostIcon = strokeIcon(SIZE, ['M17 2l4 4-4 4', 'M3 11V9a3 3 0 0 1 3-3h15', 'M7 22l-4-4 4-4', 'M21 13v2a3 3 0 0 1-3 3H3']);

/** A quotation mark: posts quoting a post. */
export const QuoteIcon = strokeIcon(SIZE, ['M7 7h4v4c0 3-1.5 5-4 6', 'M14 7h4v4c0 3-1.5 5-4 6']);

/** An arrow up: an image moved earlier in its post's list. */
export const ArrowUpIcon = strokeIcon(SIZE, ['M12 19V5', 'M5 12l7-7 7 7']);

/** An arrow down: an image moved later in its post's list. */
export const ArrowDownIcon = strokeIcon(SIZE, ['M12 5v14', 'M19 12l-7 7-7-7']);
