import { backendFileUrl } from '../../../config/env';
import { useT } from '../../../i18n/useT';
import { ImageDescriptionField } from './ImageDescriptionField';
import './EditPostDialog.css';

/**
 * The descriptions of a post's several images in an edit window: each image small, beside its own
 * field, in the post's order.
 */
export function ImageDescriptions({ images, alts, onAlt }: { images: readonly string[]; alts: readonly string[]; onAlt: (index: number, alt: string) => void }) {
  const say = useT();
  return (
    <ul className="edit-post__images">
      {images.map((url, index) => {
        const position = index + 1;
        return (
          // One per place of the post's images, which an edit does not reorder.
          <li key={`${index}:${url}`} className="edit-post__image">
            <img className="edit-post__thumb" src={backendFileUrl(url)} alt={say('editPost.imageOf', { position })} />
            <div className="edit-post__image-description">
              <ImageDescriptionField text={alts[index] ?? ''} onText={(value) => onAlt(index, value)} label={say('images.description', { position })} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
