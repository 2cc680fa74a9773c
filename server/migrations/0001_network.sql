-- The network: members, posts, reactions, follows, bookmarks, stored images and ended tokens.
-- Integrity lives here: unique keys for every pair, foreign keys that take a member's or a post's
-- rows with it, and no counts stored beside the rows they count. Ids compare byte by byte
-- (COLLATE "C"), the way the contract orders them.

CREATE TABLE members (
  id              text COLLATE "C" PRIMARY KEY CHECK (id <> ''),
  seq             bigserial NOT NULL UNIQUE,            -- joining order
  username        text NOT NULL CHECK (username <> ''),
  first_name      text NOT NULL,
  last_name       text NOT NULL,
  password_hash   text NOT NULL,
  image           text NOT NULL DEFAULT '',
  bio             text NOT NULL DEFAULT '',
  portfolio_url   text NOT NULL DEFAULT '',
  session_version integer NOT NULL DEFAULT 0,           -- raised by a password change
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE UNIQUE INDEX members_username_key ON members (lower(username));

CREATE TABLE posts (
  id          text COLLATE "C" PRIMARY KEY CHECK (id <> ''),
  author_id   text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  content     text NOT NULL,
  image       text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX posts_newest ON posts (created_at DESC, id);
CREATE INDEX posts_by_author ON posts (author_id, created_at DESC, id);

-- One reaction per member and post: a like or a dislike. Its place in the post's lists is `seq`:
-- a new or changed reaction takes the next number.
CREATE SEQUENCE reaction_order;
CREATE TABLE reactions (
  post_id    text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  member_id  text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('like', 'dislike')),
  seq        bigint NOT NULL DEFAULT nextval('reaction_order'),
  PRIMARY KEY (post_id, member_id)
);
CREATE INDEX reactions_in_order ON reactions (post_id, seq);
CREATE INDEX reactions_by_member ON reactions (member_id);

CREATE TABLE follows (
  follower_id  text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  followee_id  text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  seq          bigserial NOT NULL,
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
CREATE INDEX follows_by_followee ON follows (followee_id, seq);

CREATE TABLE bookmarks (
  member_id  text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  post_id    text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  seq        bigserial NOT NULL,
  PRIMARY KEY (member_id, post_id)
);
CREATE INDEX bookmarks_by_post ON bookmarks (post_id);

-- Images, stored once by the SHA-256 of their bytes and served as /media/<sha256>.<ext>.
CREATE TABLE media (
  sha256      text COLLATE "C" PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  kind        text NOT NULL CHECK (kind IN ('png', 'jpeg', 'webp', 'gif')),
  bytes       bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Tokens ended by logout, kept until they would have expired anyway.
CREATE TABLE revoked_tokens (
  jti         text COLLATE "C" PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_by_expiry ON revoked_tokens (expires_at);
