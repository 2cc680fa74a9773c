-- A member's notifications (the `notifications` extension). One row per notification: a follow, a
-- reply or a mention each have their own; the likes of one post or one reply share one (its `key`,
-- unique per member), with each liker a row of notification_actors. `place` orders a member's list:
-- a notification that arrives or grows takes the next one, so a page is one range of one index
-- however many notifications the member has. The unread ones are counted by a partial index, up
-- to a cap. A post or a reply takes the notifications about it with it.

CREATE SEQUENCE notification_order;

CREATE TABLE notifications (
  id            text COLLATE "C" PRIMARY KEY CHECK (id <> ''),
  recipient_id  text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('follow', 'like', 'reply', 'mention')),
  key           text COLLATE "C" NOT NULL,
  post_id       text COLLATE "C" REFERENCES posts (id) ON DELETE CASCADE,
  reply_id      text COLLATE "C" REFERENCES replies (id) ON DELETE CASCADE,
  unread        boolean NOT NULL,
  updated_at    timestamptz NOT NULL,
  place         bigint NOT NULL DEFAULT nextval('notification_order'),
  UNIQUE (recipient_id, key)
);
CREATE INDEX notifications_in_order ON notifications (recipient_id, place DESC);
CREATE INDEX notifications_unread ON notifications (recipient_id) WHERE unread;
CREATE INDEX notifications_by_post ON notifications (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX notifications_by_reply ON notifications (reply_id) WHERE reply_id IS NOT NULL;

CREATE TABLE notification_actors (
  notification_id  text COLLATE "C" NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  actor_id         text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  seq              bigserial NOT NULL,
  PRIMARY KEY (notification_id, actor_id)
);
CREATE INDEX notification_actors_in_order ON notification_actors (notification_id, seq DESC);
CREATE INDEX notification_actors_by_actor ON notification_actors (actor_id);
