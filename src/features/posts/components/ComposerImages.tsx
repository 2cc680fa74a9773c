import { useEffect, useRef, useState, type DragEvent, type PointerEvent, type RefObject } from 'react';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import type { DraftImage } from '../useDraft';
import { ImageDescriptionField } from './ImageDescriptionField';
import { ArrowDownIcon, ArrowUpIcon, CloseIcon } from './icons';
import './Composer.css';
import './ComposerImages.css';

/** `images` with the one at `from` moved to `to`. */
export function movedImage<T>(images: readonly T[], from: number, to: number): T[] {
  const list = [...images];
  const [moving] = list.splice(from, 1);
  if (moving === undefined) return list;
  list.splice(to, 0, moving);
  return list;
}

export interface ComposerImagesProps {
  images: readonly DraftImage[];
  onImages: (images: DraftImage[]) => void;
  /** The backend keeps a description with each image: one field each. */
  describes: boolean;
  /** Where focus goes when the last image is removed (the Add image button). */
  afterLast: RefObject<HTMLElement | null>;
}

/** An image's two moves: its place earlier (up the list) or later. */
const MOVES = [
  { control: 'earlier', step: -1, Icon: ArrowUpIcon },
  { control: 'later', step: 1, Icon: ArrowDownIcon },
] as const;

/** Which control takes the focus after the list changes: a move's button on its image's new place, or a Remove. */
type FocusNext = { control: 'earlier' | 'later' | 'remove'; index: number } | null;

/**
 * The images picked for a new post. One shows as a preview with its description; several as a list,
 * each with its thumbnail, its description, Remove, and Move earlier and Move later (the order the
 * post shows them in), and each thumbnail can be dragged to another's place: with a mouse by the
 * browser's own drag and drop, with a finger by following the touch (phone browsers do not drag). A
 * move keeps the focus on the moved image's button, and a polite status says where it went.
 */
export function ComposerImages({ images, onImages, describes, afterLast }: ComposerImagesProps) {
  const say = useT();
  const list = useRef<HTMLUListElement>(null);
  const [moved, setMoved] = useState('');
  // Set by a move or a removal, and read once the list shows the change.
  const focusNext = useRef<FocusNext>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  // A finger's drag: the image it holds, and the row under it now (read when it lifts).
  const touch = useRef<{ from: number; over: number | null } | null>(null);

  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    if (images.length === 0) {
      afterLast.current?.focus();
      return;
    }
    list.current?.querySelector<HTMLElement>(`[data-control="${next.control}"][data-index="${Math.min(next.index, images.length - 1)}"]`)?.focus();
  }, [images, afterLast]);

  const move = (from: number, to: number, control?: 'earlier' | 'later') => {
    if (to < 0 || to >= images.length || from === to) return;
    onImages(movedImage(images, from, to));
    setMoved(t('images.moved', { from: from + 1, to: to + 1 }));
    if (control) focusNext.current = { control, index: to };
  };

  const remove = (index: number) => {
    onImages(images.filter((_image, at) => at !== index));
    setMoved('');
    focusNext.current = { control: 'remove', index };
  };

  const describe = (index: number, imageAlt: string) => onImages(images.map((image, at) => (at === index ? { ...image, imageAlt } : image)));

  const [only] = images;
  if (images.length === 1 && only) {
    return (
      <>
        <div className="composer__preview">
          <img src={only.image} alt={say('composer.preview')} />
          <button type="button" className="icon-button icon-button--small composer__remove" aria-label={say('composer.removeImage')} title={say('composer.removeImage')} onClick={() => remove(0)}>
            <CloseIcon />
          </button>
        </div>
        {describes ? <ImageDescriptionField text={only.imageAlt} onText={(value) => describe(0, value)} /> : null}
      </>
    );
  }
  if (images.length === 0) return null;

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragged;
    setDragged(null);
    setDropAt(null);
    if (from !== null) move(from, to);
  };

  /** A finger on a thumbnail (not on its Remove) takes the image; the row under it as it moves is where it lands. */
  const onTouchStart = (event: PointerEvent<HTMLDivElement>, index: number) => {
    if (event.pointerType !== 'touch' || (event.target as HTMLElement).closest('button')) return;
    touch.current = { from: index, over: index };
    setDragged(index);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onTouchMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!touch.current) return;
    const row = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('.composer-images__item');
    const over = row && list.current?.contains(row) ? Number(row.dataset.index) : null;
    touch.current.over = over;
    setDropAt(over);
  };
  const onTouchEnd = (lifted: boolean) => {
    const held = touch.current;
    touch.current = null;
    setDragged(null);
    setDropAt(null);
    if (lifted && held && held.over !== null) move(held.from, held.over);
  };

  return (
    <>
      <ul ref={list} className="composer-images" aria-label={say('images.list')}>
        {images.map((image, index) => {
          const position = index + 1;
          const first = index === 0;
          const last = index === images.length - 1;
          return (
            // Keyed by place: a move gives each place its new image, and the focus is put back by hand.
            <li
              key={index}
              data-index={index}
              className="composer-images__item"
              data-drop-target={dropAt === index && dragged !== index ? '' : undefined}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
                setDropAt(index);
              }}
              onDragLeave={() => setDropAt((at) => (at === index ? null : at))}
              onDrop={(event) => onDrop(event, index)}
            >
              <div className="composer-images__side">
                <div
                  className="composer-images__thumb"
                  draggable
                  onPointerDown={(event) => onTouchStart(event, index)}
                  onPointerMove={onTouchMove}
                  onPointerUp={() => onTouchEnd(true)}
                  onPointerCancel={() => onTouchEnd(false)}
                  onDragStart={(event) => {
                    setDragged(index);
                    if (event.dataTransfer) {
                      event.dataTransfer.effectAllowed = 'move';
                      // Some browsers start a drag only with data.
                      event.dataTransfer.setData('text/plain', String(position));
                    }
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setDropAt(null);
                  }}
                >
                  <img src={image.image} alt={say('images.preview', { position })} draggable={false} />
                  <span className="composer-images__number" aria-hidden="true">{position}</span>
                  <button
                    type="button"
                    className="icon-button icon-button--small composer__remove"
                    aria-label={say('images.remove', { position })}
                    title={say('images.remove', { position })}
                    data-control="remove"
                    data-index={index}
                    onClick={() => remove(index)}
                  >
                    <CloseIcon />
                  </button>
                </div>
                <div className="composer-images__moves">
                  {MOVES.map(({ control, step, Icon }) => {
                    const label = say(control === 'earlier' ? 'images.moveEarlier' : 'images.moveLater', { position });
                    return (
                      // aria-disabled, not disabled: at an end the button keeps the focus a move gave it.
                      <button
                        key={control}
                        type="button"
                        className="icon-button icon-button--small composer-images__move"
                        aria-label={label}
                        title={label}
                        aria-disabled={(control === 'earlier' ? first : last) || undefined}
                        data-control={control}
                        data-index={index}
                        onClick={() => move(index, index + step, control)}
                      >
                        <Icon />
                      </button>
                    );
                  })}
                </div>
              </div>
              {describes ? (
                <div className="composer-images__description">
                  <ImageDescriptionField text={image.imageAlt} onText={(value) => describe(index, value)} label={say('images.description', { position })} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" role="status">{moved}</p>
    </>
  );
}
