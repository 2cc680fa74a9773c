-- A post's images after its first (the `more-images` extension), in the author's order: a JSON array
-- of {"url", "alt", "sizes"} ("sizes" as image_sizes has it, null when unknown); [] when the post has
-- one image or none. The same on a scheduled post, whose images become the post's. Each URL named
-- here is counted in media.refs as the first image's is (server/sql/functions/media_recount.sql).
ALTER TABLE posts ADD COLUMN more_images jsonb NOT NULL DEFAULT '[]';
ALTER TABLE scheduled_posts ADD COLUMN more_images jsonb NOT NULL DEFAULT '[]';
