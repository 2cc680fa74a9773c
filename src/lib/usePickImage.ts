import { useCallback, useRef, useState } from 'react';
import { useImagePixelsMax } from './api/capabilities';
import { MAX_IMAGE_BYTES, readImageFile, type PickedImage } from './fileToDataUrl';

/**
 * Reads picked image files (readImageFile): `preparing` while one is read or made smaller, and only
 * the latest pick's result counts (an earlier one still being read answers undefined), so a
 * second choice is never replaced by a slower first. A picture is held to the backend's own pixel
 * limit (`pixelsMax`, from its health answer), which the message for one over it names.
 */
export function usePickImage(): { pick: (file: Blob) => Promise<PickedImage | undefined>; preparing: boolean; pixelsMax: number } {
  const pixelsMax = useImagePixelsMax();
  const [preparing, setPreparing] = useState(false);
  const latest = useRef(0);
  const pick = useCallback(async (file: Blob) => {
    latest.current += 1;
    const mine = latest.current;
    setPreparing(true);
    try {
      const picked = await readImageFile(file, MAX_IMAGE_BYTES, pixelsMax);
      return mine === latest.current ? picked : undefined;
    } finally {
      if (mine === latest.current) setPreparing(false);
    }
  }, [pixelsMax]);
  return { pick, preparing, pixelsMax };
}
