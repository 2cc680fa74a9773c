import type { ReactNode } from 'react';

function isPathList(shapes: unknown): shapes is readonly string[] {
  return Array.isArray(shapes) && shapes.every((shape) => typeof shape === 'string');
}

export interface StrokeIconProps {
  /** Filled in (a liked heart, a bookmarked post); outlined otherwise. */
  filled?: boolean;
}

/**
 * An inline icon drawn with strokes on a 24-unit grid: `shapes` are its paths' `d`, or SVG elements.
 * Icons are decorative (aria-hidden): the link or button around one carries the name. One that
 * points (`pointing`: an arrow out, a way back) is mirrored on a right-to-left page (global.css);
 * the others (a heart, a bell) are not.
 */
export function strokeIcon(size: number, shapes: string | readonly string[] | ReactNode, { pointing = false }: { pointing?: boolean } = {}) {
  const drawn = typeof shapes === 'string' || isPathList(shapes) ? [shapes].flat().map((d) => <path key={d} d={d} />) : shapes;
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
        className={pointing ? 'icon--pointing' : undefined}
      >
        {drawn}
      </svg>
    );
  };
}
