import type { ReactNode } from 'react';

export interface StrokeIconProps {
  /** Filled in (a liked heart, a bookmarked post); outlined otherwise. */
  filled?: boolean;
}

/**
 * An inline icon drawn with strokes on a 24-unit grid. Icons are decorative (aria-hidden): the link or
 * button around one carries the name.
 */
export function strokeIcon(size: number, shapes: ReactNode) {
  return function StrokeIcon({ filled = false }: StrokeIconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable={false}
      >
        {shapes}
      </svg>
    );
  };
}
