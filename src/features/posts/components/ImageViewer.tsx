import { useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../../components/Dialog';
import { backendFileUrl } from '../../../config/env';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import type { ShownImage } from '../postImages';
import { cardImageSrcSet } from './imageSources';
import './ImageViewer.css';

/** How wide the viewer shows an image: the phone's screen less the window's margins, or the window's width. */
const VIEWER_SIZES = '(max-width: 768px) calc(100vw - 72px), 940px';

export interface ImageViewerProps {
  images: readonly ShownImage[];
  /** Whose post it is: named in the title, and in the alt of an image without a description. */
  author: string;
  /** The image it opens on (from 0). */
  start: number;
  onClose: () => void;
}

/**
 * A post's images, one at a time and large, with its description under it: Previous and Next (and
 * the Left and Right arrow keys, as the page reads them) go round the post's images, a visible
 * "2 of 3" says where the reader is, and Escape or Close closes it. A modal window: the page's
 * shortcuts wait while it is open.
 */
export function ImageViewer({ images, author, start, onClose }: ImageViewerProps) {
  const say = useT();
  const count = images.length;
  const [at, setAt] = useState(Math.min(Math.max(start, 0), count - 1));
  const step = (by: 1 | -1) => setAt((was) => (was + by + count) % count);
  const image = images[at];
  if (!image) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    // On a page written right to left, the next image is to the left.
    const forward = (event.key === 'ArrowRight') !== (document.documentElement.dir === 'rtl');
    step(forward ? 1 : -1);
  };

  return (
    <Dialog title={say('viewer.title', { name: author })} onClose={onClose} className="dialog--viewer" onKeyDown={onKeyDown}>
      <div className="image-viewer">
        <p className="image-viewer__position" aria-live="polite">{say('viewer.position', { position: at + 1, count })}</p>
        <figure className="image-viewer__figure">
          <div className="image-viewer__frame">
            <img
              key={image.src}
              src={backendFileUrl(image.src)}
              srcSet={image.sizes ? cardImageSrcSet(image.src, image.sizes) : undefined}
              sizes={image.sizes && image.sizes.sources.length > 0 ? VIEWER_SIZES : undefined}
              width={image.sizes?.width}
              height={image.sizes?.height}
              alt={image.alt || t('post.undescribedImage', { name: author })}
            />
          </div>
          <figcaption className={`image-viewer__caption${image.alt ? '' : ' image-viewer__caption--none'}`} dir="auto">
            {image.alt || say('viewer.noDescription')}
          </figcaption>
        </figure>
        <div className="image-viewer__steps">
          <button type="button" className="button button--secondary" onClick={() => step(-1)}>
            {say('viewer.previous')}
          </button>
          <button type="button" className="button button--secondary" data-autofocus onClick={() => step(1)}>
            {say('viewer.next')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
