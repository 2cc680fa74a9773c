import { useState } from 'react';
import './Avatar.css';

export interface AvatarProps {
  /** Image URL; empty shows the gray background. */
  src: string;
  /** Whose avatar: used for the alternative text. */
  name: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/** A member's avatar: gray when there is no image, and a broken image is hidden (spec section 3). */
export function Avatar({ src, name, size = 'md' }: AvatarProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const showImage = src !== '' && brokenSrc !== src;
  return (
    <span className={`avatar avatar--${size}`}>
      {showImage ? <img src={src} alt={`${name}'s avatar`} onError={() => setBrokenSrc(src)} /> : null}
    </span>
  );
}
