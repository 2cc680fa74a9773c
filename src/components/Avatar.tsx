import { useState } from 'react';
import { backendFileUrl } from '../config/env';
import { useT } from '../i18n/useT';
import './Avatar.css';

export interface AvatarProps {
  /** Image URL; empty shows the gray background. */
  src: string;
  /** Whose avatar: used for the alternative text. */
  name: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /**
   * Inside a link or a control that names the member already (a member list's row): the picture adds
   * nothing to its name, so its alt is empty and the name is the words a member sees.
   */
  decorative?: boolean;
}

/** A member's avatar: gray when there is no image, and a broken image is hidden (spec section 3). */
export function Avatar({ src, name, size = 'md', decorative = false }: AvatarProps) {
  const say = useT();
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const showImage = src !== '' && brokenSrc !== src;
  return (
    <span className={`avatar avatar--${size}`}>
      {showImage ? <img src={backendFileUrl(src)} alt={decorative ? '' : say('avatar.alt', { name })} onError={() => setBrokenSrc(src)} /> : null}
    </span>
  );
}
