-- Smaller copies of a post's image (the `image-sizes` extension): WebP, 480, 960 or 1,600 pixels wide
-- (those narrower than the image), served as /media/<sha256>-<width>.webp and gone with the image.
-- A post keeps what answers say of its image's size: {"width", "height", "sources": [{"url", "width"}]}
-- (NULL for an image kept before, or one whose size is unknown).
CREATE TABLE media_copies (
  sha256      text COLLATE "C" NOT NULL REFERENCES media (sha256) ON DELETE CASCADE,
  width       integer NOT NULL CHECK (width > 0),
  bytes       bytea NOT NULL,
  PRIMARY KEY (sha256, width)
);
ALTER TABLE posts ADD COLUMN image_sizes jsonb;
