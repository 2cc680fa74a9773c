import { useEffect, useId, useRef, useState } from 'react';
import { useHistoryWindow } from '../../../components/useHistoryWindow';
import { backendFileUrl } from '../../../config/env';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import type { ShownImage } from '../postImages';
import { cardImageSrcSet, GRID_IMAGE_SIZES } from './imageSources';
import { ImageViewer } from './ImageViewer';
import './PostCard.css';
import './ImageGrid.css';

/** One image of the grid: it keeps its cell while it loads, and says so if it cannot. */
function GridImage({ image, alt }: { image: ShownImage; alt: string }) {
  const say = useT();
  const [failed, setFailed] = useState(false);
  return (
    <>
      <img
        src={backendFileUrl(image.src)}
        srcSet={image.sizes ? cardImageSrcSet(image.src, image.sizes) : undefined}
        sizes={image.sizes && image.sizes.sources.length > 0 ? GRID_IMAGE_SIZES : undefined}
        width={image.sizes?.width}
        height={image.sizes?.height}
        alt={alt}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
      />
      {failed ? <p className="post-card__media-failed">{say('post.imageFailed')}</p> : null}
    </>
  );
}

export interface ImageGridProps {
  /** The post's images, two or more, in the author's order. */
  images: readonly ShownImage[];
  /** The post's author's name: in the alt of an image without a description, and in its badges' names. */
  author: string;
  /** The post's id: its viewer is a window of the page's history, as its edit window is. */
  postId: string;
}

/**
 * A post's several images as a grid: two side by side, three as one tall and two, four as two by two.
 * Each keeps its alt (or says it has none), its ALT badge as a single image has, and a button over it
 * that opens the viewer on it; the focus goes back to that button when the viewer closes.
 */
export function ImageGrid({ images, author, postId }: ImageGridProps) {
  const say = useT();
  const baseId = useId();
  const count = images.length;
  const [shownAlt, setShownAlt] = useState<number | null>(null);
  const viewer = useHistoryWindow(`images:${postId}`);
  const [openedAt, setOpenedAt] = useState(0);
  const openers = useRef<(HTMLButtonElement | null)[]>([]);
  // Closed, whichever way (Close, Escape, Back): the focus goes back to the image that opened it.
  const wasOpen = useRef(viewer.isOpen);
  useEffect(() => {
    if (wasOpen.current && !viewer.isOpen) openers.current[openedAt]?.focus();
    wasOpen.current = viewer.isOpen;
  }, [viewer.isOpen, openedAt]);

  return (
    <div
      className="post-grid-wrap"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && shownAlt !== null) {
          event.stopPropagation();
          setShownAlt(null);
        }
      }}
    >
      <div className="post-grid" data-count={Math.min(count, 4)}>
        {images.map((image, index) => {
          const position = index + 1;
          const described = image.alt !== '';
          return (
            <div key={`${index}:${image.src}`} className="post-grid__item">
              <GridImage image={image} alt={image.alt || t('post.undescribedImage', { name: author })} />
              <button
                ref={(button) => {
                  openers.current[index] = button;
                }}
                type="button"
                className="post-grid__open"
                aria-label={say('post.openImage', { position, count })}
                onClick={() => {
                  setOpenedAt(index);
                  viewer.open();
                }}
              />
              {described ? (
                <button
                  type="button"
                  className="post-card__alt-badge"
                  aria-expanded={shownAlt === index}
                  aria-controls={`${baseId}-alt-${index}`}
                  onClick={() => setShownAlt((was) => (was === index ? null : index))}
                >
                  {say('post.alt')}<span className="visually-hidden"> {say('post.altOfImage', { name: author, position })}</span>
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
      {images.map((image, index) => (image.alt !== '' ? (
        <p key={index} id={`${baseId}-alt-${index}`} className="post-card__alt-text" hidden={shownAlt !== index} dir="auto">
          {image.alt}
        </p>
      ) : null))}
      {viewer.isOpen ? <ImageViewer images={images} author={author} start={openedAt} onClose={viewer.close} /> : null}
    </div>
  );
}
