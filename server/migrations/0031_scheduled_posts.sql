-- Posts waiting to be published (the `scheduled-posts` extension): a post's fields and the time it
-- goes out. Every server process looks for the due ones, the soonest first by this index, and takes
-- each with FOR UPDATE SKIP LOCKED, so each is published once. An image named here is counted in
-- media.refs as a post's is, and becomes the post's when it is published.
CREATE TABLE scheduled_posts (
  id           text COLLATE "C" PRIMARY KEY,
  author_id    text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  content      text NOT NULL,
  image        text NOT NULL,
  image_alt    text NOT NULL,
  image_sizes  jsonb,
  warning      text NOT NULL,
  publish_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX scheduled_posts_due ON scheduled_posts (publish_at, id);
CREATE INDEX scheduled_posts_by_author ON scheduled_posts (author_id, publish_at);
